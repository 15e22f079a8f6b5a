import type { ReactNode } from "react";
import type { RateResponse } from "@contract/coach-basics";
import { centsToDecimal, decimalToCents, platformFeeCents, totalCents } from "@contract/money";
import type { TimeSlot } from "@contract/slots";
import { addMinutesToTime } from "@contract/time";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { formatLongDate, formatSessionRange } from "@client/lib/when";
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
              <dd data-testid="booking-total">${centsToDecimal(totalCents(rateCents) * (isWeekly ? openWeeks : seatCount))}</dd>
            </div>
          </dl>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
