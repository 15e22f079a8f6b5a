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
});
