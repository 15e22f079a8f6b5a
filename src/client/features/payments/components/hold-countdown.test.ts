import { describe, expect, it } from "vitest";
import { formatRemaining } from "./hold-countdown";

describe("formatRemaining", () => {
  it("reads minutes and seconds under an hour", () => {
    expect(formatRemaining(9 * 60_000 + 5_000)).toBe("09:05");
    expect(formatRemaining(-5)).toBe("00:00");
  });

  it("reads hours for a hold longer than an hour, never 1439:59", () => {
    expect(formatRemaining(24 * 3_600_000 - 1_000)).toBe("23:59:59");
    expect(formatRemaining(3_600_000)).toBe("1:00:00");
    expect(formatRemaining(90 * 60_000)).toBe("1:30:00");
  });
});
