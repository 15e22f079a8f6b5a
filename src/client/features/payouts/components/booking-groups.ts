import type { BookingStatus } from "../../../../contract/bookings";
import type { PayoutStatus } from "../../../../contract/payouts";
import { parseTime } from "../../../../contract/time";

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

export type PayoutLabel = "Paid out" | "Payout pending" | "Payment held until feedback" | null;

/** What happened to the coach's money for a booking. */
export function payoutLabel(b: { status: BookingStatus; feedbackSubmittedAt: string | null; payoutStatus?: PayoutStatus }): PayoutLabel {
  if (b.status !== "completed") return null;
  if (!b.feedbackSubmittedAt) return "Payment held until feedback";
  return b.payoutStatus === "paid" ? "Paid out" : "Payout pending";
}

/** "2026-11-23" -> "Mon, Nov 23, 2026" (calendar arithmetic, no time zone). */
export function shortDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return "Date information missing";
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return d.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** "14:30" -> "2:30 PM". */
export function clock(time: string): string {
  const minutes = parseTime(time);
  if (minutes === null) return "Time not available";
  const hours = Math.floor(minutes / 60);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes % 60).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}
