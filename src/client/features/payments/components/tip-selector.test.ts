import { describe, expect, it } from "vitest";
import { customTipCents } from "./tip-selector";

describe("custom tip amount", () => {
  it("reads dollars and cents, and turns empty or negative amounts into 0", () => {
    expect(customTipCents("7.25")).toBe(725);
    expect(customTipCents("0.1")).toBe(10);
    expect(customTipCents("")).toBe(0);
    expect(customTipCents("-3")).toBe(0);
    expect(customTipCents("abc")).toBe(0);
  });
});
