import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays, format, parse } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  dateInZone,
  addDaysTo,
  formatClock,
  formatInstant,
  formatDayLabel,
  formatInstantDate,
  formatInstantTime,
  formatLongDate,
  formatMediumDate,
  formatSessionRange,
  formatSessionTime,
  formatShortDate,
  formatShortMonth,
  formatWeekdayDate,
  nowIn,
  startOfWeekDate,
  zonedInstant,
} from "./when";

describe("the client's one time module", () => {
  it("names the coach's zone only for a viewer whose clock reads differently", () => {
    const nov = { date: "2026-11-23", timeZone: "America/New_York" };
    expect(formatSessionTime("16:00", { ...nov, viewerTimeZone: "America/Los_Angeles" })).toBe("4:00 PM EST");
    expect(formatSessionTime("16:00", { ...nov, viewerTimeZone: "America/New_York" })).toBe("4:00 PM");
    // Detroit keeps New York's clock: no label needed.
    expect(formatSessionTime("16:00", { ...nov, viewerTimeZone: "America/Detroit" })).toBe("4:00 PM");
    // Summer time is named as such.
    expect(formatSessionRange("09:00", "10:00", { date: "2026-07-01", timeZone: "America/Chicago", viewerTimeZone: "UTC" })).toBe(
      "9:00 AM - 10:00 AM CDT",
    );
  });

  it("reads wall clocks and instants in the coach's zone", () => {
    const instant = new Date("2026-11-24T05:30:00Z");
    expect(nowIn("America/Los_Angeles", instant)).toEqual({ date: "2026-11-23", time: "21:30" });
    expect(nowIn("America/New_York", instant)).toEqual({ date: "2026-11-24", time: "00:30" });
    expect(zonedInstant("2026-11-23", "16:00", "America/New_York")?.toISOString()).toBe("2026-11-23T21:00:00.000Z");
  });

  it("formats calendar dates and clocks, and says null for what is not one", () => {
    expect(formatLongDate("2026-11-23")).toBe("Monday, November 23, 2026");
    expect(formatLongDate("nope")).toBeNull();
    expect(formatClock("00:15")).toBe("12:15 AM");
    expect(formatClock("24:00")).toBeNull();
    expect(startOfWeekDate("2026-11-25")).toBe("2026-11-22");
    // A day the month does not have is not a date; a leap day is one.
    for (const notADate of ["2026-02-29", "2026-02-31", "2026-13-01", "2026-00-10", "2026-11-00", "2026-11-2", " 2026-11-23"])
      expect(formatLongDate(notADate)).toBeNull();
    expect(formatLongDate("2028-02-29")).toBe("Tuesday, February 29, 2028");
    expect(addDaysTo("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("writes every time of day as date-fns' h:mm a did, and refuses what is not one", () => {
    for (let minute = 0; minute < 24 * 60; minute++) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
      expect(formatClock(time)).toBe(format(parse(time, "HH:mm", new Date(2000, 0, 1)), "h:mm a"));
    }
    for (const notATime of ["", "9:00", "09:60", "24:00", "09:00:00", "ab:cd", " 09:00"]) expect(formatClock(notATime)).toBeNull();
    expect(formatClock(null)).toBeNull();
  });

  it("writes every calendar date of three years as date-fns' format did", () => {
    const patterns = [
      [formatLongDate, "EEEE, MMMM d, yyyy"],
      [formatMediumDate, "EEE, MMM d, yyyy"],
      [formatDayLabel, "EEE, MMM d"],
      [formatWeekdayDate, "EEEE, MMM d, yyyy"],
      [formatShortDate, "MMM d"],
      [formatShortMonth, "MMM yyyy"],
    ] as const;
    for (let day = new Date(2025, 0, 1); day.getFullYear() < 2028; day = addDays(day, 1)) {
      const iso = format(day, "yyyy-MM-dd");
      for (const [formatter, pattern] of patterns) expect(formatter(iso)).toBe(format(day, pattern));
      expect(addDaysTo(iso, 1)).toBe(format(addDays(day, 1), "yyyy-MM-dd"));
    }
  });

  it("reads instants on a zone's clock as date-fns' format did, every 7 hours 13 minutes over a year", () => {
    const zones = ["America/New_York", "America/Los_Angeles", "Pacific/Honolulu", "Asia/Kolkata", "UTC"];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 433 * 60_000) {
      const iso = new Date(ms).toISOString();
      for (const zone of zones) {
        const zoned = new TZDate(ms, zone);
        expect(nowIn(zone, new Date(ms))).toEqual({ date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm") });
        expect(formatInstantDate(iso, zone)).toBe(format(zoned, "MMMM d, yyyy"));
        expect(formatInstantTime(iso, zone, zone)).toBe(format(zoned, "h:mm a"));
      }
    }
  });

  it("finds the instant of a wall clock as @date-fns/tz's TZDate does on a server in UTC: every 15 minutes of the days a clock changes, over two years", () => {
    // TZDate's answer for a time a change of clock skips or repeats depends on the system's zone:
    // the server runs in UTC, and the browser now gives the server's answer wherever it is.
    const systemZone = process.env.TZ;
    process.env.TZ = "UTC";
    try {
      const zones = [
        "America/New_York",
        "America/Chicago",
        "America/Denver",
        "America/Phoenix",
        "America/Los_Angeles",
        "America/Anchorage",
      ];
      for (const zone of [
        ...zones,
        "Pacific/Honolulu",
        "America/St_Johns",
        "Europe/Berlin",
        "Australia/Lord_Howe",
        "Asia/Kolkata",
        "UTC",
      ]) {
        for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 86_400_000) {
          const day = new Date(ms);
          // Every quarter hour on the days around a change of clock, every 97 minutes on the others.
          const changes = tzOffset(zone, new Date(ms - 86_400_000)) !== tzOffset(zone, new Date(ms + 2 * 86_400_000));
          for (let minute = 0; minute < 24 * 60; minute += changes ? 15 : 97) {
            const [hours, minutes] = [Math.floor(minute / 60), minute % 60];
            const expected = new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours, minutes, 0, zone).getTime();
            const time = `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
            if (zonedInstant(day.toISOString().slice(0, 10), time, zone)?.getTime() !== expected)
              expect(`${zone} ${day.toISOString().slice(0, 10)} ${time}`).toBe(new Date(expected).toISOString());
          }
        }
      }
    } finally {
      if (systemZone === undefined) delete process.env.TZ;
      else process.env.TZ = systemZone;
    }
  }, 60_000);

  it("shows a held seat's deadline on the coach's clock, naming the zone for a viewer elsewhere", () => {
    const deadline = "2026-11-23T21:30:00.000Z";
    expect(formatInstantTime(deadline, "America/New_York", "America/New_York")).toBe("4:30 PM");
    expect(formatInstantTime(deadline, "America/New_York", "America/Los_Angeles")).toBe("4:30 PM EST");
    expect(formatInstantTime("soon", "America/New_York")).toBeNull();
  });

  it("writes an instant that belongs to no session on the viewer's clock, naming the zone", () => {
    expect(formatInstant("2026-11-24T03:00:00Z", "America/Los_Angeles")).toBe("Nov 23, 2026, 7:00 PM PST");
    expect(formatInstant("2026-07-01T15:30:00Z", "America/New_York")).toBe("Jul 1, 2026, 11:30 AM EDT");
    expect(formatInstant(null)).toBeNull();
    expect(formatInstant("later")).toBeNull();
  });

  it("dates an instant (a review) on the viewer's clock or a given zone's", () => {
    expect(formatInstantDate("2026-11-24T03:00:00Z", "America/Los_Angeles")).toBe("November 23, 2026");
    expect(formatInstantDate("2026-11-24T03:00:00Z", "UTC")).toBe("November 24, 2026");
    expect(formatInstantDate("not a date")).toBeNull();
    // An instant written with another offset is the same instant; a date or a clock without an offset is not one.
    expect(formatInstantTime("2026-11-24T03:00:00+05:30", "UTC", "UTC")).toBe("9:30 PM");
    expect(formatInstantDate("2026-11-24T03:00Z", "UTC")).toBe("November 24, 2026");
    for (const notAnInstant of ["2026-11-24", "2026-11-24T03:00:00", "Nov 24, 2026 03:00 UTC", "2026-11-24T25:00:00Z"])
      expect(formatInstantDate(notAnInstant, "UTC")).toBeNull();
  });

  it("reads the calendar date on a zone's clock, for the request form's first offered day", () => {
    const instant = Date.parse("2026-11-24T01:30:00Z");
    expect(dateInZone(instant, "America/New_York")).toBe("2026-11-23");
    expect(dateInZone(instant, "Asia/Tokyo")).toBe("2026-11-24");
  });
});
