import { describe, expect, it } from "vitest";
import { periodLabel } from "./period-label";

describe("the coach's chart periods in the app's dates", () => {
  it("shows a week as its first day and a month as its month, never the ISO date", () => {
    expect(periodLabel("2026-11-23", "week", "short")).toBe("Nov 23");
    expect(periodLabel("2026-11-23", "week", "long")).toBe("Mon, Nov 23, 2026");
    expect(periodLabel("2026-11-01", "month", "short")).toBe("Nov 2026");
    expect(periodLabel("2026-11-01", "month", "long")).toBe("Nov 2026");
  });
});
