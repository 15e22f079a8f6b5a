import { describe, expect, it } from "vitest";
import type { RateResponse } from "@contract/coach-basics";
import { SessionRequestMessages } from "@contract/request-basics";
import { offeredDurations, offeredTypes, priceOf, rateFor, requestProblem, thresholdDate, tomorrow } from "./request-form";

const rates: RateResponse[] = [
  { id: 1, sessionType: "individual", duration: 60, rate: "85.00" },
  { id: 2, sessionType: "individual", duration: 30, rate: "50.00" },
  { id: 3, sessionType: "group", duration: 60, rate: "40.00" },
];
const NY = "America/New_York";
// 2026-11-23 20:30 in New York.
const now = Date.parse("2026-11-24T01:30:00Z");

describe("session request form rules", () => {
  it("offers only the combinations the coach has rates for", () => {
    expect(offeredTypes(rates)).toEqual(["individual", "group"]);
    expect(offeredDurations(rates, "individual")).toEqual([30, 60]);
    expect(offeredDurations(rates, "group")).toEqual([60]);
    expect(rateFor(rates, "group", 30)).toBeUndefined();
  });

  it("prices the request as the rate plus the 15% fee", () => {
    expect(priceOf(rateFor(rates, "individual", 60))).toEqual({ rate: "85.00", platformFee: "12.75", total: "97.75" });
    expect(priceOf(undefined)).toBeNull();
  });

  it("defaults to tomorrow and sets the earliest date 4 hours ahead, on the coach's clock", () => {
    expect(tomorrow(now, NY)).toBe("2026-11-24");
    // 20:30 + 4 h is past midnight in New York but not yet in Los Angeles.
    expect(thresholdDate(now, NY)).toBe("2026-11-24");
    expect(thresholdDate(now, "America/Los_Angeles")).toBe("2026-11-23");
  });

  it("refuses less than 4 hours ahead, an unoffered combination and off-step times", () => {
    const draft = { sessionType: "individual" as const, duration: 60, date: "2026-11-24", startTime: "00:15" };
    expect(requestProblem(draft, rates, now, NY)).toBe(SessionRequestMessages.TOO_SOON);
    expect(requestProblem({ ...draft, startTime: "00:30" }, rates, now, NY)).toBeNull();
    expect(requestProblem({ ...draft, sessionType: "group", duration: 30, startTime: "09:00" }, rates, now, NY)).toBe(
      SessionRequestMessages.RATE_NOT_FOUND,
    );
    expect(requestProblem({ ...draft, startTime: "09:10" }, rates, now, NY)).toBe(SessionRequestMessages.START_OFF_STEP);
    expect(requestProblem({ ...draft, startTime: "09:00" }, [], now, NY)).toBe(SessionRequestMessages.INVALID_COMBINATION);
  });
});
