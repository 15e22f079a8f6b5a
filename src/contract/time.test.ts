import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  addMinutesToTime,
  compareLocal,
  durationMinutes,
  formatTime,
  isOnQuarterHour,
  isValidDate,
  parseTime,
  TIME_OPTIONS,
} from "./time";

describe("time of day", () => {
  it("offers every quarter hour of the day from 00:00 to 23:45", () => {
    expect(TIME_OPTIONS).toHaveLength(96);
    expect(TIME_OPTIONS[0]).toBe("00:00");
    expect(TIME_OPTIONS[37]).toBe("09:15");
    expect(TIME_OPTIONS.at(-1)).toBe("23:45");
  });

  it("parses HH:mm into minutes and refuses anything else", () => {
    expect(parseTime("09:15")).toBe(555);
    expect(parseTime("23:59")).toBe(1439);
    for (const bad of ["9:15", "24:00", "12:60", "09:15:00", "", "ab:cd"]) expect(parseTime(bad)).toBeNull();
  });

  it("formats minutes as HH:mm", () => {
    expect(formatTime(0)).toBe("00:00");
    expect(formatTime(555)).toBe("09:15");
    expect(() => formatTime(1440)).toThrow();
  });

  it("knows which times are on 15-minute steps", () => {
    expect(isOnQuarterHour("09:15")).toBe(true);
    expect(isOnQuarterHour("09:00")).toBe(true);
    expect(isOnQuarterHour("09:10")).toBe(false);
    expect(isOnQuarterHour("nonsense")).toBe(false);
  });

  it("measures the minutes between two times of one day", () => {
    expect(durationMinutes("09:00", "10:30")).toBe(90);
    expect(durationMinutes("10:00", "09:00")).toBe(-60);
    expect(durationMinutes("10:00", "x")).toBeNull();
    expect(addMinutesToTime("09:45", 30)).toBe("10:15");
    expect(addMinutesToTime("23:30", 30)).toBeNull();
  });
});

describe("dates", () => {
  it("accepts only real calendar dates written yyyy-MM-dd", () => {
    expect(isValidDate("2028-02-29")).toBe(true);
    expect(isValidDate("2027-02-29")).toBe(false);
    expect(isValidDate("2026-13-01")).toBe(false);
    expect(isValidDate("2026-1-01")).toBe(false);
    expect(isValidDate("01/02/2026")).toBe(false);
  });

  it("adds days across months and years", () => {
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("orders wall-clock moments by date, then time", () => {
    expect(compareLocal({ date: "2026-05-01", time: "23:00" }, { date: "2026-05-02", time: "01:00" })).toBe(-1);
    expect(compareLocal({ date: "2026-05-02", time: "09:15" }, { date: "2026-05-02", time: "09:00" })).toBe(1);
    expect(compareLocal({ date: "2026-05-02", time: "09:00" }, { date: "2026-05-02", time: "09:00" })).toBe(0);
  });
});
