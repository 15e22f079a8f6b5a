import type { ReactNode } from "react";
import type { RateResponse } from "@contract/coach-basics";
import { centsToDecimal, decimalToCents, platformFeeCents, totalCents } from "@contract/money";
import type { TimeSlot } from "@contract/slots";
import { addMinutesToTime } from "@contract/time";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { formatDayLabel, formatLongDate, formatSessionRange, formatSessionTime } from "@client/lib/when";
import { sessionTypeLabel, SummaryRow } from "./booking-format";
import { SessionPlaceDetails } from "./session-place";

/** A session may end exactly at midnight, which leaves the day: it is shown as 12:00 AM. */
function endOf(start: string, durationMinutes: number): string {
  return addMinutesToTime(start, durationMinutes) ?? "00:00";
}

/**
 * The booking page's summary: what is chosen so far, where, and the price of the seats or weeks
 * (each seat is its own booking with its own fee: the sums are the checkout's, cent for cent).
 * `children` are the page's booking buttons.
 */
export function BookingSummary({
  slot,
  timeZone,
  rate,
  duration,
  chosenStart,
  weeks,
  athletes,
  seatCount,
  children,
}: {
  slot: TimeSlot | null;
  timeZone: string;
  rate: RateResponse | null;
  duration: number;
  chosenStart: string | null;
  /** A weekly series: how many of its weeks are open (`null` while they load); absent for one session. */
  weeks?: { open: number; total: number } | null;
  /** The athletes coming, by name, when the family has several. */
  athletes: string[] | null;
  seatCount: number;
  children: ReactNode;
}) {
  const isWeekly = weeks !== undefined;
  const openWeeks = weeks?.open ?? 0;
  const clock = { date: slot?.date ?? "", timeZone };
  const rateCents = rate ? (decimalToCents(rate.rate) ?? 0) : 0;
  const total = `$${centsToDecimal(totalCents(rateCents) * (isWeekly ? openWeeks : seatCount))}`;
  const start = isWeekly ? slot?.startTime : chosenStart;
  // The phone's bar in one line ("Sat, Nov 28 · 3:00 PM · Total $97.75"): one text, so it repeats no line of the summary.
  const barLine = slot
    ? [
        formatDayLabel(slot.date) ?? slot.date,
        start ? formatSessionTime(start, clock) : null,
        rate ? `${isWeekly ? `Total for ${openWeeks} weeks` : "Total"} ${total}` : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : "No time chosen yet";
  return (
    <Card className="self-start lg:sticky lg:top-24">
      <CardHeader>
        <CardTitle>Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-col gap-2 text-sm">
          <SummaryRow
            label="Date"
            value={slot ? `${isWeekly ? "Weekly from " : ""}${formatLongDate(slot.date) ?? slot.date}` : "Not selected"}
          />
          <SummaryRow
            label="Time"
            value={
              slot && isWeekly
                ? (formatSessionRange(slot.startTime, endOf(slot.startTime, duration), clock) ?? slot.startTime)
                : slot && chosenStart
                  ? (formatSessionRange(chosenStart, endOf(chosenStart, duration), clock) ?? chosenStart)
                  : slot
                    ? "Choose a start time"
                    : "Not selected"
            }
          />
          <SummaryRow label="Session" value={rate ? `${rate.duration} min ${sessionTypeLabel(rate.sessionType)}` : "Not selected"} />
          {weeks ? <SummaryRow label="Weeks" value={`${weeks.open} open of ${weeks.total}`} /> : null}
          {athletes ? <SummaryRow label={athletes.length > 1 ? "Athletes" : "Athlete"} value={athletes.join(", ")} /> : null}
        </dl>
        {slot ? <SessionPlaceDetails place={slot} className="border-t border-slate-200 pt-4" /> : null}
        {rate ? (
          <dl className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm" aria-label="Price">
            <SummaryRow
              label={isWeekly ? "Session cost (each week)" : seatCount > 1 ? `Session cost (${seatCount} athletes)` : "Session cost"}
              value={`$${centsToDecimal(rateCents * (isWeekly ? 1 : seatCount))}`}
            />
            <SummaryRow label="Platform fee (15%)" value={`$${centsToDecimal(platformFeeCents(rateCents) * (isWeekly ? 1 : seatCount))}`} />
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-field-950">
              <dt>{isWeekly ? `Total for ${openWeeks} weeks` : "Total"}</dt>
              <dd data-testid="booking-total">{total}</dd>
            </div>
          </dl>
        ) : null}
        {/* Issue 47: on a phone the booking's buttons stay in reach, in a bar fixed to the screen's bottom
            with the choice and its total in one line; from lg they sit in the summary, which stays in view. */}
        <div
          data-testid="booking-bar"
          className="fixed inset-x-0 bottom-0 z-40 flex flex-col gap-2 border-t border-slate-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_rgb(15_23_42/0.08)] lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
        >
          <p className="text-sm font-semibold text-field-950 lg:hidden">{barLine}</p>
          {children}
        </div>
      </CardContent>
    </Card>
  );
}
