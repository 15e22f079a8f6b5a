import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  coachRateNote,
  decimalToCents,
  familyPrice,
  formatDollars,
  lowestFamilyPrice,
  platformFeeCents,
  totalCents,
} from "./money";

describe("money", () => {
  it("charges a 15% platform fee rounded to the cent", () => {
    expect(platformFeeCents(8500)).toBe(1275);
    expect(platformFeeCents(3333)).toBe(500); // 499.95 rounds to 500
    expect(platformFeeCents(1)).toBe(0);
  });

  it("adds rate, fee and tip into the total", () => {
    expect(totalCents(8500, 1000)).toBe(8500 + 1275 + 1000);
    expect(totalCents(4999, 1)).toBe(4999 + 750 + 1);
  });

  it("converts between cents and decimal strings", () => {
    expect(centsToDecimal(8500)).toBe("85.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(decimalToCents("85")).toBe(8500);
    expect(decimalToCents("85.5")).toBe(8550);
    expect(decimalToCents("0.07")).toBe(7);
    expect(decimalToCents("-1")).toBeNull();
    expect(decimalToCents("1.234")).toBeNull();
    expect(decimalToCents("abc")).toBeNull();
  });
});

describe("the one price rule", () => {
  it("shows what a family pays, fee included, and both sides to the coach", () => {
    expect(familyPrice("80.00")).toBe("$92.00");
    expect(familyPrice("85.00")).toBe("$97.75");
    expect(formatDollars(9200)).toBe("$92.00");
    expect(coachRateNote("80.00")).toBe("players pay $92.00, you receive $80.00");
    expect(coachRateNote("")).toBeNull();
  });

  it("'From' compares what families pay and names the duration", () => {
    const rates = [
      { rate: "85.00", duration: 60 },
      { rate: "50.00", duration: 30 },
    ];
    expect(lowestFamilyPrice(rates)).toEqual({ price: "$57.50", rate: rates[1] });
    expect(lowestFamilyPrice([])).toBeNull();
  });
});
