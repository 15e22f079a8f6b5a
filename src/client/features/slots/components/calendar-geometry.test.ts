import { describe, expect, it } from "vitest";
import { hourAtOffset, movedSlotTimes, slotBox } from "./calendar-geometry";
import { nowIn as localNow, startOfWeekDate as startOfWeek } from "@client/lib/when";
import { clampCapacity, digitsOnly } from "./slot-time";

describe("weekly calendar geometry", () => {
  it("places a slot 60 px per hour from 6:00", () => {
    expect(slotBox("09:00", "10:30")).toEqual({ top: 180, height: 90 });
    expect(slotBox("05:00", "07:00")).toEqual({ top: 0, height: 60 });
    expect(slotBox("20:00", "21:00")).toBeNull();
  });

  it("reads the hour under the pointer and keeps it inside 6:00-19:00", () => {
    expect(hourAtOffset(0)).toBe(6);
    expect(hourAtOffset(179)).toBe(8);
    expect(hourAtOffset(-40)).toBe(6);
    expect(hourAtOffset(5000)).toBe(19);
  });

  it("a moved slot keeps its duration and the minutes of its start", () => {
    expect(movedSlotTimes({ startTime: "09:30", endTime: "10:15" }, "2026-11-25", 14)).toEqual({
      date: "2026-11-25",
      startTime: "14:30",
      endTime: "15:15",
    });
    expect(movedSlotTimes({ startTime: "09:00", endTime: "17:00" }, "2026-11-25", 19)).toBeNull();
  });
});

describe("slot form helpers", () => {
  it("the capacity field keeps digits and clamps to 2..10", () => {
    expect(digitsOnly("1a2")).toBe("12");
    expect(clampCapacity("1")).toBe("2");
    expect(clampCapacity("25")).toBe("10");
    expect(clampCapacity("")).toBe("2");
    expect(clampCapacity("6")).toBe("6");
  });

  it("today is judged in the coach's zone", () => {
    const instant = new Date("2026-11-24T05:30:00Z");
    expect(localNow("America/Los_Angeles", instant)).toEqual({ date: "2026-11-23", time: "21:30" });
    expect(localNow("America/New_York", instant)).toEqual({ date: "2026-11-24", time: "00:30" });
  });

  it("weeks start on Sunday", () => {
    expect(startOfWeek("2026-11-25")).toBe("2026-11-22");
    expect(startOfWeek("2026-11-22")).toBe("2026-11-22");
  });
});
