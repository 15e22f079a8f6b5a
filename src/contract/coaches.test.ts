import { describe, expect, it } from "vitest";
import { CoachProfileSchema, positionsOf, RateInputSchema } from "./coaches";
import { describeRate } from "./coach-basics";

describe("RateInputSchema", () => {
  it.each([["85"], ["85.5"], ["85.50"], [85], [0.5]])("accepts %j", (rate) => {
    expect(RateInputSchema.safeParse({ sessionType: "individual", duration: 60, rate }).success).toBe(true);
  });

  it.each([["0"], [0], ["-1"], ["12.345"], ["ten"], [""]])("refuses %j with the positive-amount message", (rate) => {
    const result = RateInputSchema.safeParse({ sessionType: "group", duration: 30, rate });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Rate must be a positive amount");
  });
});

describe("CoachProfileSchema", () => {
  it("trims text and removes duplicate specializations", () => {
    const parsed = CoachProfileSchema.parse({
      title: "  Coach ",
      bio: " Bio ",
      zipcode: " 21201 ",
      specializations: ["Attack", "Attack", "Dodging"],
    });
    expect(parsed).toMatchObject({ title: "Coach", bio: "Bio", zipcode: "21201", specializations: ["Attack", "Dodging"] });
  });

  it("reports the first missing field in form order", () => {
    const result = CoachProfileSchema.safeParse({});
    expect(result.error?.issues[0]?.message).toBe("Title is required");
  });
});

describe("describeRate and positionsOf", () => {
  it("writes whole dollars without cents", () => {
    expect(describeRate({ sessionType: "individual", duration: 60, rate: "85.00" })).toBe("$85 / 60 min individual");
    expect(describeRate({ sessionType: "group", duration: 30, rate: "25.50" })).toBe("$25.50 / 30 min group");
  });

  it("keeps only the positions, in the standard order", () => {
    expect(positionsOf(["Shooting", "Midfield", "Attack"])).toEqual(["Attack", "Midfield"]);
  });
});
