import type { BookingStatus } from "@contract/bookings";
import type { AthleteSummary } from "@contract/families";
import { sessionAthleteName } from "@contract/family-basics";
import type { PayoutStatus } from "@contract/payouts";
import { noShowClosesAt, noShowOpensAt, noShowWindow } from "@contract/progress-basics";
import { formatClock, formatMediumDate, formatSessionRange, formatSessionTime } from "@client/lib/when";

/** Past sessions listed on the coach dashboard (coach-side 9). */
export const DASHBOARD_PAST_LIMIT = 10;

type GroupedBooking = { status: BookingStatus; startsAt: string; feedbackSubmittedAt: string | null };

export type BookingGroups<B> = { awaitingPayment: B[]; awaitingFeedback: B[]; upcoming: B[]; past: B[] };

/**
 * The dashboard's booking sections (coach-side 2 and 4): pending bookings await payment; a completed
 * booking without feedback holds its payment; the rest is split at `now` on the session start
 * (upcoming soonest first, past newest first and at most 10).
 */
export function groupCoachBookings<B extends GroupedBooking>(bookings: readonly B[], now: Date): BookingGroups<B> {
  const at = (b: B) => Date.parse(b.startsAt);
  const listed = bookings.filter((b) => b.status !== "pending");
  return {
    awaitingPayment: bookings.filter((b) => b.status === "pending").sort((a, b) => at(a) - at(b)),
    awaitingFeedback: bookings.filter((b) => b.status === "completed" && !b.feedbackSubmittedAt).sort((a, b) => at(a) - at(b)),
    upcoming: listed.filter((b) => at(b) >= now.getTime()).sort((a, b) => at(a) - at(b)),
    past: listed
      .filter((b) => at(b) < now.getTime())
      .sort((a, b) => at(b) - at(a))
      .slice(0, DASHBOARD_PAST_LIMIT),
  };
}

/** Only a confirmed booking whose payment is completed can be cancelled, and only before it starts. */
export function canCancel(b: { status: BookingStatus; paymentStatus: string; startsAt: string }, now: Date): boolean {
  return b.status === "confirmed" && b.paymentStatus === "completed" && Date.parse(b.startsAt) >= now.getTime();
}

/** The no-show button of a card: open until its deadline, or shown (disabled) with its earliest time. */
export type NoShowButton = { open: true; until: Date } | { open: false; from: Date } | null;

/**
 * DESIGN.md 11, 12: a paid session without feedback (confirmed, or completed) may be marked a
 * no-show from 15 minutes after its start to 48 hours after its end (the server decides; this only
 * shows the button). From the start until it opens the button is shown disabled with its earliest
 * time; while open it names its deadline.
 */
export function noShowButton(
  b: { status: BookingStatus; paymentStatus: string; startsAt: string; endsAt: string; feedbackSubmittedAt: string | null },
  now: Date,
): NoShowButton {
  if (b.status !== "confirmed" && b.status !== "completed") return null;
  if (b.paymentStatus !== "completed" || b.feedbackSubmittedAt) return null;
  const startsAt = new Date(b.startsAt);
  const endsAt = new Date(b.endsAt);
  const window = noShowWindow(startsAt, endsAt, now);
  if (window === "open") return { open: true, until: noShowClosesAt(endsAt) };
  if (window === "too_early" && now.getTime() >= startsAt.getTime()) return { open: false, from: noShowOpensAt(startsAt) };
  return null;
}

export type PayoutLabel = "Paid out" | "Payout pending" | "Payment held until feedback" | null;

/** What happened to the coach's money for a booking. */
export function payoutLabel(b: { status: BookingStatus; feedbackSubmittedAt: string | null; payoutStatus?: PayoutStatus }): PayoutLabel {
  // A no-show is paid without feedback (its note stands for it).
  if (b.status === "no_show") return b.payoutStatus === "paid" ? "Paid out" : "Payout pending";
  if (b.status !== "completed") return null;
  if (!b.feedbackSubmittedAt) return "Payment held until feedback";
  return b.payoutStatus === "paid" ? "Paid out" : "Payout pending";
}

/** "2026-11-23" -> "Mon, Nov 23, 2026" (coach-side 2's wording when it is missing). */
export const shortDate = (date: string): string => formatMediumDate(date) ?? "Date information missing";

/** "14:30" -> "2:30 PM" (coach-side 2's wording when it is missing). */
export const clock = (time: string): string => formatClock(time) ?? "Time not available";

type SessionTimes = { sessionDate: string; sessionTime: string; endTime: string; timeZone: string };

/** "2:30 PM - 3:30 PM", with the zone named when the coach's browser is elsewhere ("... EST"). */
export const sessionRange = (b: SessionTimes): string =>
  formatSessionRange(b.sessionTime, b.endTime, { date: b.sessionDate, timeZone: b.timeZone }) ?? "Time not available";

/** "2:30 PM" (or "2:30 PM EST" from elsewhere). */
export const sessionStart = (b: SessionTimes): string =>
  formatSessionTime(b.sessionTime, { date: b.sessionDate, timeZone: b.timeZone }) ?? "Time not available";

type SeatBooking = {
  timeSlotId: number;
  status: BookingStatus;
  holdExpiresAt: string | null;
  athlete: AthleteSummary | null;
  student?: { firstName: string | null; lastName: string | null };
};

/**
 * Who holds a seat in each of the coach's slots (DESIGN.md 11: the calendar names the athletes):
 * paid seats and holds still running, never a cancelled booking or a hold that ran out.
 */
export function athletesBySlot(bookings: readonly SeatBooking[], now: Date = new Date()): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const b of bookings) {
    const holdsSeat =
      b.status === "confirmed" ||
      b.status === "completed" ||
      b.status === "no_show" ||
      (b.status === "pending" && (!b.holdExpiresAt || Date.parse(b.holdExpiresAt) > now.getTime()));
    if (!holdsSeat) continue;
    names.set(b.timeSlotId, [...(names.get(b.timeSlotId) ?? []), sessionAthleteName(b, "Student")]);
  }
  return names;
}
