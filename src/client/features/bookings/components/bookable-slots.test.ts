import { describe, expect, it } from "vitest";
import type { TimeSlot } from "../../../../contract/slots";
import { bookableSlots, groupByDate, todayIn } from "./bookable-slots";

const slot = (id: number, date: string, startTime: string, isAvailable = true): TimeSlot => ({
  id,
  coachId: 1,
  date,
  startTime,
  endTime: "23:00",
  isAvailable,
  isGroup: false,
  capacity: 1,
  locationName: null,
  locationAddress: null,
  locationLat: null,
  locationLng: null,
  locationNotes: null,
});

describe("bookable slots", () => {
  it("keeps available slots dated today or later, earliest first, grouped by date", () => {
    const slots = [
      slot(1, "2026-11-24", "10:00"),
      slot(2, "2026-11-22", "10:00"),
      slot(3, "2026-11-23", "09:00", false),
      slot(4, "2026-11-23", "08:00"),
      slot(5, "2026-11-24", "07:00"),
    ];
    const bookable = bookableSlots(slots, "2026-11-23");
    expect(bookable.map((s) => s.id)).toEqual([4, 5, 1]);
    expect(groupByDate(bookable).map((g) => [g.date, g.slots.map((s) => s.id)])).toEqual([
      ["2026-11-23", [4]],
      ["2026-11-24", [5, 1]],
    ]);
  });

  it("reads today in the coach's time zone", () => {
    const instant = new Date("2026-11-23T03:00:00Z");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-11-22");
    expect(todayIn("Europe/Berlin", instant)).toBe("2026-11-23");
  });
});
