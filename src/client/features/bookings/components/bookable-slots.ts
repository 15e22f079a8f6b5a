import type { TimeSlot } from "../../../../contract/slots";

/** Today's date (yyyy-MM-dd) in a time zone: a slot's date belongs to its coach's zone (DESIGN.md 3). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format();
  }
}

/** player-side 5: bookable slots are available and dated today or later; earliest first. */
export function bookableSlots(slots: readonly TimeSlot[], today: string): TimeSlot[] {
  return slots
    .filter((s) => s.isAvailable && s.date >= today)
    .sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
}

/** Slots grouped by date, dates in order. */
export function groupByDate(slots: readonly TimeSlot[]): { date: string; slots: TimeSlot[] }[] {
  const groups = new Map<string, TimeSlot[]>();
  for (const slot of slots) groups.set(slot.date, [...(groups.get(slot.date) ?? []), slot]);
  return [...groups.entries()].map(([date, list]) => ({ date, slots: list }));
}
