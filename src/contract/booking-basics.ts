import type { SessionType } from "./coach-basics";
import { formatTime, parseTime, TIME_STEP_MINUTES, TimeMessages } from "./time";

/**
 * The booking texts, defaults and rules a first screen shows or applies (book a coach, checkout,
 * My Bookings), without zod: a page that only displays them does not load the schema library
 * (docs/PERFORMANCE.md, JavaScript per page). The schemas stay in `bookings.ts`.
 */

export const DEFAULT_BOOKING_DURATION = 60;
export const DEFAULT_SESSION_TYPE: SessionType = "individual";
export const MAX_BOOKING_NOTES_LENGTH = 2000;
/** Past sessions listed on My Bookings (coach-side 2). */
export const MY_BOOKINGS_PAST_LIMIT = 5;

/** The spec's booking texts (player-side 5 and 8) and the server's booking refusals. */
export const BookingMessages = {
  SELECT_DURATION: "Please select a session duration.",
  MISSING_INFORMATION: "Missing Information - Please select a time slot and session type.",
  NO_GROUP_RATES: "No group rates available for this session type. Please select a different time slot or contact the coach.",
  NO_INDIVIDUAL_RATES: "No individual rates available for this session type. Please select a different time slot or contact the coach.",
  ONLY_PLAYERS: "Only players can book sessions",
  ONLY_COACHES: "Only coaches have coach bookings",
  NOT_YOURSELF: "You can only book sessions for yourself",
  SLOT_NOT_FOUND: "Time slot not found",
  SLOT_UNAVAILABLE: "This time slot is no longer available",
  SLOT_IN_PAST: "This time slot is in the past. Please choose a later time.",
  ALREADY_BOOKED: "You already have a booking for this time slot",
  RATE_NOT_FOUND: "The selected rate is not offered by this coach.",
  RATE_WRONG_KIND_GROUP: "This is a group time slot. Please select a group rate.",
  RATE_WRONG_KIND_INDIVIDUAL: "This is an individual time slot. Please select an individual rate.",
  SESSION_TYPE_MISMATCH: "The session type must match the selected rate.",
  DURATION_MISMATCH: "The session duration must match the selected rate.",
  START_INVALID: "Please select a valid start time (HH:mm).",
  START_OFF_STEP: TimeMessages.START_OFF_STEP,
  START_OUTSIDE_SLOT: "The whole session must fit inside the time slot. Please choose an earlier start time.",
  NOTES_TOO_LONG: `Notes must be at most ${MAX_BOOKING_NOTES_LENGTH} characters`,
  BOOKING_NOT_FOUND: "Booking not found",
  HOLD_EXPIRED: "Your reservation expired. Please book the time slot again.",
  ALREADY_PAID: "This booking has already been paid.",
  NOT_PAYABLE: "This booking can no longer be paid.",
  BOOKING_FAILED: "Booking Failed - Failed to create booking. Please try again.",
} as const;

export function noRatesMessage(isGroup: boolean): string {
  return isGroup ? BookingMessages.NO_GROUP_RATES : BookingMessages.NO_INDIVIDUAL_RATES;
}

type RateLike = { sessionType: SessionType; duration: number };

const RATE_ORDER: readonly string[] = ["individual-30", "individual-60", "group-30", "group-60"];

/**
 * The rates a slot offers (player-side 5): only those of the slot's kind, in the order
 * individual 30, individual 60, group 30, group 60.
 */
export function ratesForSlot<R extends RateLike>(rates: readonly R[], isGroup: boolean): R[] {
  const kind: SessionType = isGroup ? "group" : "individual";
  const rank = (r: R) => {
    const i = RATE_ORDER.indexOf(`${r.sessionType}-${r.duration}`);
    return i === -1 ? RATE_ORDER.length : i;
  };
  return rates.filter((r) => r.sessionType === kind).sort((a, b) => rank(a) - rank(b));
}

/**
 * Start times ("HH:mm") a session of `durationMinutes` can begin at inside a slot: 15-minute steps
 * from the slot start such that the whole session ends by the slot end.
 */
export function startTimeOptions(slotStart: string, slotEnd: string, durationMinutes: number): string[] {
  const start = parseTime(slotStart);
  const end = parseTime(slotEnd);
  if (start === null || end === null || !Number.isInteger(durationMinutes) || durationMinutes <= 0) return [];
  // A slot ending at midnight is written 00:00; it ends at the end of the day.
  const slotEndMinutes = end <= start ? 24 * 60 : end;
  const options: string[] = [];
  for (let t = start; t + durationMinutes <= slotEndMinutes && t < 24 * 60; t += TIME_STEP_MINUTES) options.push(formatTime(t));
  return options;
}

/**
 * The start times a player may still choose (player-side 5, and never one that has begun): the
 * slot's options, minus those at or before `now` when the slot is today. `now` is the coach's
 * wall clock; a slot on a later date keeps every option, one on an earlier date keeps none.
 */
export function upcomingStartTimeOptions(
  slot: { date: string; startTime: string; endTime: string },
  durationMinutes: number,
  now: { date: string; time: string },
): string[] {
  if (slot.date < now.date) return [];
  const options = startTimeOptions(slot.startTime, slot.endTime, durationMinutes);
  return slot.date > now.date ? options : options.filter((t) => t > now.time);
}

/** A slot is offered while at least one start time of its shortest session has not begun. */
export function isSlotStillBookable(
  slot: { date: string; startTime: string; endTime: string; isAvailable: boolean },
  now: { date: string; time: string },
  shortestDurationMinutes: number,
): boolean {
  return slot.isAvailable && upcomingStartTimeOptions(slot, shortestDurationMinutes, now).length > 0;
}

/** The weeks of a series, and the bookings one checkout may pay for (a whole series, DESIGN.md 12). */
export const MAX_SERIES_WEEKS = 26;

/** The Terms' policy (player-side 10): a confirmed booking cancelled this far ahead is refunded in full. */
export const FREE_CANCELLATION_HOURS = 24;

/**
 * Whether the student may still cancel a confirmed booking for a full refund: at least 24 hours
 * before the start, measured on instants (so a daylight saving change in the coach's zone does not
 * shift the deadline by an hour).
 */
export function canCancelForRefund(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * 3_600_000;
}
