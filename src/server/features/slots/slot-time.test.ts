import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { instantToLocal, localToInstant, startOfLocalDate } from "./slot-time";

const LA = "America/Los_Angeles";

describe("slot times in the coach's zone", () => {
  it("reads an instant as the coach's wall clock, even when UTC is already on the next day", () => {
    expect(instantToLocal(new Date("2031-06-16T04:30:00Z"), LA)).toEqual({ date: "2031-06-15", time: "21:30" });
  });

  it("turns a wall-clock time into the instant and back", () => {
    const instant = localToInstant("2031-06-15", "22:00", LA)!;
    expect(instant.toISOString()).toBe("2031-06-16T05:00:00.000Z");
    expect(instantToLocal(instant, LA)).toEqual({ date: "2031-06-15", time: "22:00" });
  });

  it("has no instant for the hour skipped when daylight saving time starts", () => {
    expect(localToInstant("2032-03-14", "02:30", LA)).toBeNull();
    expect(localToInstant("2032-03-14", "03:00", LA)!.toISOString()).toBe("2032-03-14T10:00:00.000Z");
  });

  it("takes the first of the two 01:30s when daylight saving time ends", () => {
    expect(localToInstant("2032-11-07", "01:30", LA)!.toISOString()).toBe("2032-11-07T08:30:00.000Z");
  });

  it("starts a date at the coach's midnight", () => {
    expect(startOfLocalDate("2031-06-15", LA).toISOString()).toBe("2031-06-15T07:00:00.000Z");
    expect(startOfLocalDate("2031-06-15", "Asia/Tokyo").toISOString()).toBe("2031-06-14T15:00:00.000Z");
  });

  it(
    "reads instants as a TZDate formatted by date-fns does, in zones with and without clock changes, through their changes",
    { timeout: 60_000 },
    () => {
      const zones = [
        LA,
        "America/New_York",
        "America/Phoenix",
        "Pacific/Honolulu",
        "Australia/Lord_Howe",
        "Asia/Kathmandu",
        "America/St_Johns",
      ];
      const differing: string[] = [];
      const compare = (zone: string, ms: number) => {
        const zoned = new TZDate(ms, zone);
        const got = instantToLocal(new Date(ms), zone);
        if (got.date !== format(zoned, "yyyy-MM-dd") || got.time !== format(zoned, "HH:mm"))
          differing.push(`${zone} ${new Date(ms).toISOString()}`);
      };
      const HOUR = 3_600_000;
      // Every three hours of a year in every zone, then every quarter hour of the months the clocks change.
      for (const zone of zones) for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3 * HOUR) compare(zone, ms);
      for (const zone of [LA, "Australia/Lord_Howe", "America/St_Johns"])
        for (const [from, to] of [
          [Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 15)],
          [Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 15)],
        ] as const)
          for (let ms = from; ms < to; ms += HOUR / 4) compare(zone, ms);
      expect(differing).toEqual([]);
    },
  );

  it("throws for a zone nobody knows, as date-fns does", () => {
    expect(() => instantToLocal(new Date("2031-06-16T04:30:00Z"), "Mars/Olympus_Mons")).toThrow();
  });
});
