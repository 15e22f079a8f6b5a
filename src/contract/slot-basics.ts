import { compareLocal, durationMinutes, isOnQuarterHour, isValidDate, isValidTime, TimeMessages, type LocalDateTime } from "./time";

/**
 * The time slots' texts, limits and rules (the one validation of a slot's times, the one delete
 * rule), without zod: the coach's calendar and Manage Slots apply them on their first screen, and a
 * page that only does that does not load the schema library (docs/PERFORMANCE.md, JavaScript per
 * page). The schemas stay in `slots.ts`.
 */

/** The spec's time slot messages (coach-side 5), shown to users exactly. */
export const SlotMessages = {
  COACH_NOT_FOUND: "Coach not found",
  REQUIRED: "Please fill in all required fields",
  END_BEFORE_START: "End time must be after start time",
  IN_PAST: "Cannot create time slots in the past",
  TOO_SHORT: "Session must be at least 15 minutes long",
  TOO_LONG: "Session cannot be longer than 8 hours",
  GROUP_TOO_SMALL: "Group sessions must have capacity for at least 2 students",
  GROUP_TOO_LARGE: "Group sessions cannot exceed 10 students",
  OFF_STEP: "Times must be on 15-minute steps",
  INVALID_DATE: "Please enter a valid date (yyyy-MM-dd)",
  INVALID_TIME: "Please enter a valid time (HH:mm)",
  OVERLAP: "This time slot overlaps another of your time slots",
  NOT_EDITABLE: "Only available time slots can be edited",
  HAS_BOOKINGS: "Cannot delete a time slot that has bookings",
  NOT_OWNER: "You can only manage your own time slots",
  COACHES_ONLY: "Only coaches can manage time slots",
  NO_PROFILE: "Please set up your coach profile before adding time slots",
  TOO_MANY_UPCOMING: `You can have at most 500 upcoming time slots. Delete some before adding more.`,
  NONEXISTENT_TIME: TimeMessages.NONEXISTENT_TIME,
  DELETED: "Time slot deleted",
} as const;

export const MIN_SLOT_MINUTES = 15;
export const MAX_SLOT_MINUTES = 8 * 60;
export const MIN_GROUP_CAPACITY = 2;
export const MAX_GROUP_CAPACITY = 10;
export const MAX_SLOTS_PER_REQUEST = 100;
/** Upcoming slots one coach may have at once (issue 28: bounded answers); a calendar a year ahead at ten a week fits. */
export const MAX_UPCOMING_SLOTS_PER_COACH = 500;
export const DEFAULT_SLOT_START = "09:00";
export const DEFAULT_SLOT_END = "10:00";

export const MAX_REPEAT_WEEKS = 26;

/** The date `weeks` weeks after a yyyy-MM-dd date (calendar days, whatever daylight saving does). */
export function addWeeksToDate(date: string, weeks: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  return d.toISOString().slice(0, 10);
}

/**
 * What a slot is, as its coach sees it: open, full (every seat held or the session done), or
 * cancelled by the coach (it never reopens; the coach may remove it from the list).
 */
export const SLOT_STATUSES = ["available", "booked", "cancelled"] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** A booking of a slot as the delete rule sees it. */
export type SlotBookingState = { status: string; paymentStatus: string };

/** A booking that no longer ties its slot: a hold that expired or was dropped unpaid, or a cancelled booking fully refunded. */
export function isBookingOffSlot(booking: SlotBookingState): boolean {
  return (
    booking.status === "cancelled" &&
    (booking.paymentStatus === "unpaid" || booking.paymentStatus === "failed" || booking.paymentStatus === "refunded")
  );
}

/**
 * The one delete rule (issue 28), read by the server's DELETE /api/time-slots/{id} and by the
 * client's Delete button: a cancelled session can be removed; otherwise a slot can go once every
 * booking it had is off it (holds all expired unpaid, bookings all cancelled and refunded). A slot
 * that carries no money is deleted; one whose bookings carry payment history is closed (nobody can
 * book it, and it leaves the lists) so that history keeps pointing at it.
 */
export function canDeleteSlot(slot: { status: SlotStatus }, bookings: readonly SlotBookingState[]): boolean {
  return slot.status === "cancelled" || bookings.every(isBookingOffSlot);
}

/** What validateSlot looks at: the form's values (strings may be empty). */
export type SlotDraft = {
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  isGroup?: boolean | null;
  capacity?: number | string | null;
};

export type ValidSlotTimes = { date: string; startTime: string; endTime: string; isGroup: boolean; capacity: number };

export type SlotValidation = { ok: true; slot: ValidSlotTimes } | { ok: false; message: string; field: keyof SlotDraft };

/**
 * The time slot rules of coach-side 5, in the order a user meets them. `now` is the current date
 * and time in the coach's time zone; pass null to skip the "in the past" rule (an edit that keeps
 * the slot's times). The order puts "at least 15 minutes" before the step rule so each message
 * can be met: 09:00-09:10 is too short, 09:00-09:20 is off the steps.
 */
export function validateSlot(input: SlotDraft, now: LocalDateTime | null): SlotValidation {
  const date = input.date?.trim() ?? "";
  const startTime = input.startTime?.trim() ?? "";
  const endTime = input.endTime?.trim() ?? "";
  const fail = (message: string, field: keyof SlotDraft): SlotValidation => ({ ok: false, message, field });

  if (!date) return fail(SlotMessages.REQUIRED, "date");
  if (!startTime) return fail(SlotMessages.REQUIRED, "startTime");
  if (!endTime) return fail(SlotMessages.REQUIRED, "endTime");
  if (!isValidDate(date)) return fail(SlotMessages.INVALID_DATE, "date");
  if (!isValidTime(startTime)) return fail(SlotMessages.INVALID_TIME, "startTime");
  if (!isValidTime(endTime)) return fail(SlotMessages.INVALID_TIME, "endTime");

  const minutes = durationMinutes(startTime, endTime)!;
  if (minutes <= 0) return fail(SlotMessages.END_BEFORE_START, "endTime");
  if (now && compareLocal({ date, time: startTime }, now) < 0) return fail(SlotMessages.IN_PAST, "date");
  if (minutes < MIN_SLOT_MINUTES) return fail(SlotMessages.TOO_SHORT, "endTime");
  if (minutes > MAX_SLOT_MINUTES) return fail(SlotMessages.TOO_LONG, "endTime");
  if (!isOnQuarterHour(startTime)) return fail(SlotMessages.OFF_STEP, "startTime");
  if (!isOnQuarterHour(endTime)) return fail(SlotMessages.OFF_STEP, "endTime");

  const isGroup = input.isGroup === true;
  let capacity = 1;
  if (isGroup) {
    const raw = input.capacity;
    capacity = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!Number.isInteger(capacity) || capacity < MIN_GROUP_CAPACITY) return fail(SlotMessages.GROUP_TOO_SMALL, "capacity");
    if (capacity > MAX_GROUP_CAPACITY) return fail(SlotMessages.GROUP_TOO_LARGE, "capacity");
  }
  return { ok: true, slot: { date, startTime, endTime, isGroup, capacity } };
}
