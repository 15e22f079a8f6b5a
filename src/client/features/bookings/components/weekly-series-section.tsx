import { CalendarDays } from "lucide-react";
import { useId } from "react";
import type { SeriesPreview, SeriesWeekState } from "@contract/bookings";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { fieldControlClass } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Spinner } from "@client/components/ui/spinner";
import { formatLongDate, formatSessionRange } from "@client/lib/when";

export type WeeklyChoice = { on: boolean; weeks: number };

const STATE: Record<SeriesWeekState, { label: string; tone: "success" | "secondary" | "outline" | "warning" }> = {
  open: { label: "Open", tone: "success" },
  full: { label: "Full", tone: "warning" },
  booked: { label: "Already booked", tone: "secondary" },
  closed: { label: "Not bookable", tone: "outline" },
};

/**
 * DESIGN.md 11 / issue 23: a slot of a weekly series can be booked "every week for N weeks"; the
 * weeks are listed open or full before anything is held or paid. Loaded only when such a slot is
 * chosen, so the booking page's first screen stays lean.
 */
export function WeeklySeriesSection({
  choice,
  onChange,
  preview,
  signedIn,
  onSignIn,
}: {
  choice: WeeklyChoice;
  onChange: (next: WeeklyChoice) => void;
  preview: { data?: SeriesPreview | undefined; isLoading: boolean; isError: boolean; refetch: () => unknown } | null;
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const id = useId();
  const available = preview?.data?.weeks.length ?? 0;
  const weeks = preview?.data ? Math.min(choice.weeks, Math.max(available, 1)) : choice.weeks;
  const shown = preview?.data?.weeks.slice(0, weeks) ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-semibold text-slate-800">
        <CalendarDays aria-hidden className="size-4" /> Weekly sessions
      </h3>
      <div className="flex items-center gap-3">
        <Checkbox id={`${id}-on`} checked={choice.on} onCheckedChange={(checked) => onChange({ ...choice, on: checked === true })} />
        <Label htmlFor={`${id}-on`}>Book this time every week</Label>
      </div>
      {!choice.on ? null : !signedIn ? (
        <div className="flex flex-col items-start gap-2 text-sm text-slate-700">
          <p>Sign in to see which weeks are open.</p>
          <Button size="sm" variant="outline" onClick={onSignIn}>
            Sign in
          </Button>
        </div>
      ) : preview?.isLoading ? (
        <Spinner label="Loading the weeks..." />
      ) : preview?.isError || !preview?.data ? (
        <div className="flex items-center gap-2 text-sm text-red-700" role="alert">
          Could not load the weeks of this series.
          <Button size="sm" variant="outline" onClick={() => void preview?.refetch()}>
            Try again
          </Button>
        </div>
      ) : available < 2 ? (
        <p className="text-sm text-slate-600">This is the last week of the series: book it as a single session.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={`${id}-weeks`}>For</Label>
            <select
              id={`${id}-weeks`}
              className={`${fieldControlClass} h-11 w-auto`}
              value={weeks}
              onChange={(e) => onChange({ ...choice, weeks: Number(e.target.value) })}
            >
              {Array.from({ length: available - 1 }, (_, i) => i + 2).map((n) => (
                <option key={n} value={n}>
                  {n} weeks
                </option>
              ))}
            </select>
          </div>
          <ul aria-label="Weeks of the series" className="flex flex-col divide-y divide-slate-100 text-sm" data-testid="series-weeks">
            {shown.map((w) => {
              const state = STATE[w.state];
              const clock = { date: w.date, timeZone: preview.data!.timeZone };
              return (
                <li key={w.timeSlotId} className="flex items-center justify-between gap-2 py-1.5" data-state={w.state}>
                  <span>
                    {formatLongDate(w.date) ?? w.date}, {formatSessionRange(w.startTime, w.endTime, clock) ?? w.startTime}
                  </span>
                  <Badge variant={state.tone}>{state.label}</Badge>
                </li>
              );
            })}
          </ul>
          <p className="text-sm text-slate-700" role="status">
            {shown.filter((w) => w.state === "open").length} of {shown.length} weeks open; the others are skipped. Each week starts at the
            slot&apos;s start time and can be cancelled on its own.
          </p>
        </>
      )}
    </section>
  );
}
