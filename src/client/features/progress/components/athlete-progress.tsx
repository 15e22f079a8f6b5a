import { Suspense } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import type { AthleteProgress } from "@contract/progress";
import { RATING_LABELS } from "@contract/payout-basics";
import { Card } from "@client/components/ui/card";
import { PageTitle } from "@client/components/ui/page-title";
import { Spinner } from "@client/components/ui/spinner";
import { WhenNearView } from "@client/components/ui/when-near-view";
import { StarRow } from "@client/components/ui/star-rating";
import { formatMediumDate } from "@client/lib/when";
import { useAthleteProgress } from "../api/progress";
import { fullName } from "@contract/names";

// recharts is fetched only when a chart is drawn, never with the landing or search pages.
const SkillCharts = lazyWithReload(() => import("./skill-charts").then((m) => ({ default: m.SkillCharts })));

const dateLabel = (date: string) => formatMediumDate(date) ?? date;

/**
 * The athlete's development record (DESIGN.md 11): each rated skill as a line over time, with a
 * table of the same points for screen readers (and anyone who would rather read), and the
 * coaches' feedback beside it, the last session's first.
 */
export function AthleteProgressView({ athleteId }: { athleteId: number }) {
  const progress = useAthleteProgress(athleteId);
  if (progress.isLoading) return <Spinner label="Loading progress..." />;
  if (progress.isError || !progress.data) {
    return (
      <Card role="alert" className="p-6">
        <p className="font-semibold text-red-800">We could not find this athlete&apos;s progress.</p>
      </Card>
    );
  }
  const data = progress.data;
  const name = fullName(data.athlete) || "Athlete";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <PageTitle>{name}&apos;s Progress</PageTitle>
        <p className="text-slate-600">
          {data.athlete.position ? `${data.athlete.position}. ` : ""}Skills rated by the coaches after each session, from 1 (needs work) to
          5 (excellent).
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="skills-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="skills-heading" className="font-display text-2xl font-bold text-field-950 uppercase">
            Skills over time
          </h2>
          {data.skills.length === 0 ? (
            <p className="text-slate-600">No skills rated yet. Coaches can rate skills when they submit their session feedback.</p>
          ) : (
            <Card className="flex flex-col gap-4 p-4">
              <p className="text-sm text-slate-700" data-testid="skill-summary">
                {skillSummary(data)}
              </p>
              <WhenNearView className="min-h-72">
                <Suspense fallback={<Spinner label="Loading chart..." />}>
                  <SkillCharts skills={data.skills} />
                </Suspense>
              </WhenNearView>
              <SkillTable data={data} />
            </Card>
          )}
        </section>
        <section aria-labelledby="notes-heading" className="flex flex-col gap-4">
          <h2 id="notes-heading" className="font-display text-2xl font-bold text-field-950 uppercase">
            Coach notes
          </h2>
          {data.feedback.length === 0 ? (
            <p className="text-slate-600">No feedback yet.</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Coach notes, latest first">
              {data.feedback.map((f) => (
                <li key={f.bookingId}>
                  <Card className="flex flex-col gap-2 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="font-semibold text-field-950">{dateLabel(f.date)}</span>
                      <StarRow rating={f.rating} />
                    </div>
                    <p className="text-xs text-slate-500">
                      {f.coach}: {RATING_LABELS[f.rating - 1]}
                    </p>
                    <p className="whitespace-pre-line text-sm text-slate-800">{f.feedback}</p>
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/** One sentence per skill: first and latest rating, for a quick read. */
function skillSummary(data: AthleteProgress): string {
  return data.skills
    .map((s) => {
      const first = s.ratings[0];
      const last = s.ratings[s.ratings.length - 1];
      if (!first || !last) return "";
      return s.ratings.length === 1
        ? `${s.label}: ${last.rating} of 5.`
        : `${s.label}: from ${first.rating} to ${last.rating} of 5 over ${s.ratings.length} sessions.`;
    })
    .filter(Boolean)
    .join(" ");
}

function SkillTable({ data }: { data: AthleteProgress }) {
  return (
    // A region that may scroll sideways on a phone is reachable by keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
    <div className="overflow-x-auto" role="region" aria-label="Skill ratings table" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Skill ratings by session (the chart&apos;s data)</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {["Skill", "Date", "Coach", "Rating"].map((column) => (
              <th key={column} scope="col" className="py-1 pr-3 last:pr-0">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.skills.flatMap((s) =>
            s.ratings.map((r) => (
              <tr key={`${s.skill}-${r.bookingId}`} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-medium text-slate-800">
                  {s.label}
                </th>
                <td className="py-1 pr-3">{dateLabel(r.date)}</td>
                <td className="py-1 pr-3">{r.coach}</td>
                <td className="py-1">{r.rating} of 5</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
