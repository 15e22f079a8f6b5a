import { describe, expect, it } from "vitest";
import { seriesWeekLabels } from "./series-weeks";

describe("seriesWeekLabels", () => {
  const week = (
    id: number,
    day: number,
    extra: Partial<{ seriesId: string | null; athleteId: number | null; cancelCode: string | null }> = {},
  ) => ({
    id,
    seriesId: "s1",
    athleteId: 7,
    studentId: 1,
    startsAt: `2026-12-${String(day).padStart(2, "0")}T22:00:00.000Z`,
    cancelCode: null,
    ...extra,
  });

  it("numbers one athlete's weeks of a series by date, whatever the list's order", () => {
    const labels = seriesWeekLabels([week(3, 15), week(1, 1), week(2, 8)]);
    expect([1, 2, 3].map((id) => labels.get(id))).toEqual(["Weekly · week 1 of 3", "Weekly · week 2 of 3", "Weekly · week 3 of 3"]);
  });

  it("counts each athlete apart, skips lapsed holds and one-offs, and labels no lone week", () => {
    const labels = seriesWeekLabels([
      week(1, 1),
      week(2, 8),
      week(3, 15, { cancelCode: "hold_expired" }),
      week(4, 1, { athleteId: 8 }),
      week(5, 8, { seriesId: null }),
    ]);
    expect(labels.get(1)).toBe("Weekly · week 1 of 2");
    expect(labels.get(2)).toBe("Weekly · week 2 of 2");
    expect(labels.has(3)).toBe(false);
    expect(labels.has(4)).toBe(false);
    expect(labels.has(5)).toBe(false);
  });
});
