import { describe, expect, it } from "vitest";
import { weeklyLabels } from "./weekly-label";

const NEW_YORK = "America/New_York";

describe("weeklyLabels", () => {
  it("names each weekly session once by the coach's weekday and time, soonest first", () => {
    const slots = [
      { date: "2026-12-01", startTime: "18:00", timeZone: NEW_YORK, weekly: true },
      { date: "2026-12-03", startTime: "09:30", timeZone: NEW_YORK, seriesId: "b" },
      { date: "2026-12-08", startTime: "18:00", timeZone: NEW_YORK, weekly: true },
    ];
    expect(weeklyLabels(slots, NEW_YORK)).toEqual(["Weekly on Tuesdays, 6 PM", "Weekly on Thursdays, 9:30 AM"]);
  });

  it("leaves out one-off slots and says nothing without a weekly one", () => {
    expect(weeklyLabels([{ date: "2026-12-01", startTime: "18:00", timeZone: NEW_YORK }], NEW_YORK)).toEqual([]);
    expect(weeklyLabels([], NEW_YORK)).toEqual([]);
  });

  it("names the coach's zone for a viewer whose clock reads differently", () => {
    const slots = [{ date: "2026-12-01", startTime: "18:00", timeZone: NEW_YORK, weekly: true }];
    expect(weeklyLabels(slots, "America/Los_Angeles")).toEqual(["Weekly on Tuesdays, 6 PM EST"]);
  });
});
