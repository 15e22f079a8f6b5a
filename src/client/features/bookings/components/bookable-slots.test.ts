import { describe, expect, it } from "vitest";
import type { RateResponse } from "@contract/coach-basics";
import type { TimeSlot } from "@contract/slots";
import { bookableSlots, groupByDate } from "./bookable-slots";

const slot = (id: number, date: string, startTime: string, isAvailable = true, endTime = "23:00"): TimeSlot => ({
  id,
  coachId: 1,
  date,
  startTime,
  endTime,
  timeZone: "America/New_York",
  status: isAvailable ? "available" : "booked",
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
    const bookable = bookableSlots(slots, { date: "2026-11-23", time: "00:00" });
    expect(bookable.map((s) => s.id)).toEqual([4, 5, 1]);
    expect(groupByDate(bookable).map((g) => [g.date, g.slots.map((s) => s.id)])).toEqual([
      ["2026-11-23", [4]],
      ["2026-11-24", [5, 1]],
    ]);
  });

  it("drops a slot of today once no session of its shortest rate can still start in it", () => {
    const hour = (id: number, start: string, end: string) => slot(id, "2026-11-23", start, true, end);
    const slots = [hour(1, "09:00", "10:00"), hour(2, "10:00", "11:00"), hour(3, "10:00", "12:00")];
    const sixtyOnly: RateResponse[] = [{ id: 9, sessionType: "individual", duration: 60, rate: "80.00" }];
    // At 10:20 a 60-minute session can still start at 10:30, 10:45 or 11:00 in slot 3 only.
    expect(bookableSlots(slots, { date: "2026-11-23", time: "10:20" }, sixtyOnly).map((s) => s.id)).toEqual([3]);
    // With a 30-minute rate, slot 2 still has 10:30.
    const thirty: RateResponse[] = [...sixtyOnly, { id: 8, sessionType: "individual", duration: 30, rate: "45.00" }];
    expect(bookableSlots(slots, { date: "2026-11-23", time: "10:20" }, thirty).map((s) => s.id)).toEqual([2, 3]);
  });
});
