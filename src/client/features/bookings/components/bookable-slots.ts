import { isSlotStillBookable, ratesForSlot } from "@contract/booking-basics";
import type { RateResponse } from "@contract/coach-basics";
import type { TimeSlot } from "@contract/slots";
import type { LocalDateTime } from "@contract/time";

const SHORTEST_SESSION_MINUTES = 30;

/**
 * player-side 5: bookable slots are available, and (so that booking cannot fail with "in the past")
 * still have a start time that has not begun for their shortest session. `now` is the coach's wall
 * clock. Earliest first.
 */
export function bookableSlots(slots: readonly TimeSlot[], now: LocalDateTime, rates: readonly RateResponse[] = []): TimeSlot[] {
  return slots
    .filter((s) => {
      const durations = ratesForSlot(rates, s.isGroup).map((r) => r.duration);
      return isSlotStillBookable(s, now, durations.length > 0 ? Math.min(...durations) : SHORTEST_SESSION_MINUTES);
    })
    .sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
}

/** Slots grouped by date, dates in order. */
export function groupByDate(slots: readonly TimeSlot[]): { date: string; slots: TimeSlot[] }[] {
  const groups = new Map<string, TimeSlot[]>();
  for (const slot of slots) groups.set(slot.date, [...(groups.get(slot.date) ?? []), slot]);
  return [...groups.entries()].map(([date, list]) => ({ date, slots: list }));
}
