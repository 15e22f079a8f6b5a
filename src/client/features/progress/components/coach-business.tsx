import { Suspense, useState } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { WhenNearView } from "@client/components/ui/when-near-view";
import { EarningsQuerySchema, EarningsWords, type EarningsInterval } from "@contract/earnings";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Spinner } from "@client/components/ui/spinner";
import { useSchemaForm } from "@client/lib/form-errors";
import { addDaysTo, formatMediumDate, todayIn } from "@client/lib/when";
import { earningsQueryString, useEarningsSeries, type EarningsRange } from "../api/progress";
import { periodLabel } from "./period-label";

// recharts is fetched only when the section draws, never with the landing or search pages.
const EarningsCharts = lazyWithReload(() => import("./earnings-charts").then((m) => ({ default: m.EarningsCharts })));

const RANGE_ORDER = "Please choose a start date on or before the end date.";
/** The contract's days and interval, all three given, the first on or before the last. */
const RangeFormSchema = EarningsQuerySchema.required().refine((r) => r.from <= r.to, { message: RANGE_ORDER, path: ["to"] });

/** Twelve weeks, the last four of them ahead (paid sessions to come are the pending earnings). */
function defaultRange(timeZone: string, interval: EarningsInterval): EarningsRange {
  const to = addDaysTo(todayIn(timeZone), 28);
  return { from: addDaysTo(to, interval === "week" ? -7 * 11 : -365), to, interval };
}

/**
 * The coach's business over time (DESIGN.md 11, 12): per week or month, in the contract's words
 * (earned, upcoming, paid out, to be paid) and sessions, for any range, repeat clients, the CSV of
 * the same rows and the yearly statement. The table is the charts' text alternative.
 */
export function CoachBusiness({ timeZone }: { timeZone: string }) {
  const [range, setRange] = useState<EarningsRange>(() => defaultRange(timeZone, "week"));
  const form = useSchemaForm(RangeFormSchema, range, { toastOnInvalid: false });
  // Checked as the coach types: Show is off, and the one message shown, while the range is wrong.
  const valid = RangeFormSchema.safeParse(form.watch()).success;
  const show = form.submit((next) => setRange(next));
  const series = useEarningsSeries(range, true);
  const thisYear = Number(todayIn(timeZone).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const data = series.data;
  const totals = data?.periods.reduce(
    (sum, p) => ({
      sessions: sum.sessions + p.sessions,
      grossCents: sum.grossCents + Math.round(Number(p.gross) * 100),
      tipsCents: sum.tipsCents + Math.round(Number(p.tips) * 100),
      upcomingCents: sum.upcomingCents + Math.round(Number(p.upcoming) * 100),
    }),
    { sessions: 0, grossCents: 0, tipsCents: 0, upcomingCents: 0 },
  );

  return (
    <section aria-labelledby="business-heading" className="flex flex-col gap-4" data-testid="coach-business">
      <div>
        <h2 id="business-heading" className="font-display text-2xl font-bold text-field-950 uppercase">
          Your Business
        </h2>
        <p className="text-sm text-slate-600">
          Paid sessions by when they take place. Earned: taught or no-show, at your rates. Upcoming: paid, not yet taught. To be paid:
          earned, not paid out yet. Holds, unpaid and refunded sessions never count.
        </p>
      </div>
      <Card className="flex flex-col gap-4 p-4">
        <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void show(e)}>
          <label className="flex flex-col text-sm font-semibold text-slate-700">
            From
            <input type="date" className="rounded-md border border-slate-300 px-2 py-1.5 font-normal" {...form.register("from")} />
          </label>
          <label className="flex flex-col text-sm font-semibold text-slate-700">
            To
            <input type="date" className="rounded-md border border-slate-300 px-2 py-1.5 font-normal" {...form.register("to")} />
          </label>
          <label className="flex flex-col text-sm font-semibold text-slate-700">
            By
            <select className="rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal" {...form.register("interval")}>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </select>
          </label>
          <Button type="submit" size="sm" disabled={!valid}>
            Show
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/coach/earnings.csv?${earningsQueryString(range)}`} download>
              Export CSV
            </a>
          </Button>
        </form>
        {!valid ? (
          <p role="alert" className="text-sm text-red-700">
            {RANGE_ORDER}
          </p>
        ) : null}

        {series.isLoading ? (
          <Spinner label="Loading earnings..." />
        ) : series.isError || !data || !totals ? (
          <p role="alert" className="text-sm text-red-700">
            Could not load your earnings. Please check the dates and try again.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="business-summary">
              {totals.sessions} {totals.sessions === 1 ? "session" : "sessions"} taught, ${(totals.grossCents / 100).toFixed(2)} earned and
              ${(totals.tipsCents / 100).toFixed(2)} in tips, ${(totals.upcomingCents / 100).toFixed(2)} upcoming from{" "}
              {formatMediumDate(data.from) ?? data.from} to {formatMediumDate(data.to) ?? data.to}. {data.clients}{" "}
              {data.clients === 1 ? "family" : "families"}, {data.repeatClients} of them repeat clients (two or more sessions).
            </p>
            {/* Two charts of h-72 with gap-6: stacked on a phone, side by side from lg. */}
            <WhenNearView className="min-h-[37.5rem] lg:min-h-72">
              <Suspense fallback={<Spinner label="Loading charts..." />}>
                <EarningsCharts periods={data.periods} interval={data.interval} />
              </Suspense>
            </WhenNearView>
            {/* A region that scrolls sideways on a phone is reachable by keyboard (axe: scrollable-region-focusable). */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus */}
            <div className="overflow-x-auto" role="region" aria-label="Earnings table" tabIndex={0}>
              <table className="w-full min-w-[42rem] text-left text-sm">
                <caption className="sr-only">Earnings by {data.interval} (the charts&apos; data)</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    {[
                      data.interval === "week" ? "Week of" : "Month",
                      "Sessions",
                      EarningsWords.earned,
                      "Tips",
                      EarningsWords.paidOut,
                      EarningsWords.toBePaid,
                      EarningsWords.upcoming,
                    ].map((h) => (
                      <th key={h} scope="col" className="py-1 pr-3">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.periods.map((p) => (
                    <tr key={p.start} className="border-b border-slate-100">
                      <th scope="row" className="py-1 pr-3 font-medium text-slate-800">
                        {periodLabel(p.start, data.interval, "long")}
                      </th>
                      <td className="py-1 pr-3">{p.sessions}</td>
                      <td className="py-1 pr-3">${p.gross}</td>
                      <td className="py-1 pr-3">${p.tips}</td>
                      <td className="py-1 pr-3">${p.paidOut}</td>
                      <td className="py-1 pr-3">${p.pending}</td>
                      <td className="py-1">${p.upcoming}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
          <label className="flex flex-col text-sm font-semibold text-slate-700">
            Yearly statement
            <select
              name="statementYear"
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal"
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
            >
              {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/coach/statements/${year}.pdf`} download>
              Download {year} statement (PDF)
            </a>
          </Button>
        </div>
      </Card>
    </section>
  );
}
