import { describe, expect, it } from "vitest";
import { averageRating, responseTimeText, reviewerName, SubmitReviewRequestSchema } from "./reviews";

describe("reviewerName", () => {
  it("shows first name and last initial only", () => {
    expect(reviewerName("Jordan", "smith")).toBe("Jordan S.");
    expect(reviewerName(" Jordan ", null)).toBe("Jordan");
    expect(reviewerName(null, "Smith")).toBe("S.");
    expect(reviewerName("", "")).toBe("A player");
  });
});

describe("averageRating", () => {
  it("averages whole stars to one decimal, null without reviews", () => {
    expect(averageRating({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })).toBeNull();
    expect(averageRating({ 1: 0, 2: 1, 3: 0, 4: 2, 5: 1 })).toBe(3.8);
    expect(averageRating({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 })).toBe(4.3);
    expect(averageRating({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 0 })).toBe(1);
  });
});

describe("responseTimeText", () => {
  it("rounds the median up to a plain promise", () => {
    expect(responseTimeText(null)).toBeNull();
    expect(responseTimeText(12)).toBe("Under 1 hour");
    expect(responseTimeText(61)).toBe("Under 2 hours");
    expect(responseTimeText(25 * 60)).toBe("Under 2 days");
  });
});

describe("SubmitReviewRequestSchema", () => {
  it("needs a whole rating from 1 to 5 and allows an empty comment", () => {
    expect(SubmitReviewRequestSchema.parse({ rating: "4" })).toEqual({ rating: 4, comment: "" });
    for (const rating of [0, 6, 3.5, "x", null, undefined]) expect(SubmitReviewRequestSchema.safeParse({ rating }).success).toBe(false);
  });
});
