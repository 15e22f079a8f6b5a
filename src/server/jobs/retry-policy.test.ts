import { describe, expect, it } from "vitest";
import { nextAttemptAt } from "./retry-policy";

describe("nextAttemptAt", () => {
  const now = new Date("2031-01-01T00:00:00Z");
  const minutesLater = (attempts: number) => (nextAttemptAt(now, attempts).getTime() - now.getTime()) / 60_000;

  it("doubles the delay from one minute after each failure", () => {
    expect([1, 2, 3, 4].map(minutesLater)).toEqual([1, 2, 4, 8]);
  });

  it("never waits more than six hours", () => {
    expect(minutesLater(20)).toBe(360);
  });
});
