import { describe, expect, it } from "vitest";
import { compareMatches, formatMiles, MATCH_WEIGHTS, scoreCoach, type MatchCandidate, type MatchCriteria } from "./match-score";

const coach = (overrides: Partial<MatchCandidate> = {}): MatchCandidate => ({
  title: "Lacrosse Coach",
  bio: "Former college player.",
  experience: null,
  specializations: ["Goalie"],
  minRateCents: 6000,
  hasGroupRates: false,
  rating: null,
  totalReviews: 0,
  distance: null,
  ...overrides,
});
const criteria = (overrides: Partial<MatchCriteria> = {}): MatchCriteria => ({ specialties: [], maxDistance: 25, ...overrides });

describe("scoreCoach", () => {
  it("has weights that add up to 100", () => {
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("gives 50 to every coach when the player states nothing", () => {
    expect(scoreCoach(criteria(), coach()).score).toBe(50);
    expect(scoreCoach(criteria(), coach({ specializations: ["Attack"], minRateCents: 20000 })).score).toBe(50);
  });

  it("gives 100 to a coach who meets every criterion", () => {
    const result = scoreCoach(
      criteria({
        position: "Goalie",
        ageGroup: "juniors",
        skillLevel: "beginner",
        specialties: ["Clearing"],
        minPriceCents: 5000,
        maxPriceCents: 8000,
      }),
      coach({ specializations: ["Goalie", "Clearing"], bio: "Middle schoolers and beginners welcome.", distance: 0 }),
    );
    expect(result.score).toBe(100);
    expect(result.reasons).toEqual(["Specializes in Goalie", "0.0 miles away", "Within your budget"]);
  });

  it("matches the position whatever its case, and gives nothing for another position", () => {
    expect(scoreCoach(criteria({ position: "goalie" }), coach()).breakdown.position).toBe(30);
    expect(scoreCoach(criteria({ position: "Attack" }), coach()).breakdown.position).toBe(0);
  });

  it("scores distance linearly down to 0 at maxDistance, and neutral without an origin", () => {
    expect(scoreCoach(criteria(), coach({ distance: 0 })).breakdown.distance).toBe(20);
    expect(scoreCoach(criteria(), coach({ distance: 12.5 })).breakdown.distance).toBe(10);
    expect(scoreCoach(criteria(), coach({ distance: 30 })).breakdown.distance).toBe(0);
    expect(scoreCoach(criteria(), coach({ distance: null })).breakdown.distance).toBe(10);
    expect(scoreCoach(criteria(), coach({ distance: 4.2 })).reasons).toContain("4.2 miles away");
  });

  it("judges the price on the coach's lowest rate, open-ended when one bound is missing", () => {
    expect(scoreCoach(criteria({ maxPriceCents: 6000 }), coach()).breakdown.price).toBe(20);
    expect(scoreCoach(criteria({ maxPriceCents: 5999 }), coach()).breakdown.price).toBe(0);
    expect(scoreCoach(criteria({ minPriceCents: 7000 }), coach()).breakdown.price).toBe(0);
    expect(scoreCoach(criteria({ minPriceCents: 1000 }), coach({ minRateCents: null })).breakdown.price).toBe(0);
    expect(scoreCoach(criteria({ maxPriceCents: 6000 }), coach()).reasons).toContain("Within your budget");
  });

  it("reads age group and skill level from the coach's words: named 10, silent 5, only others 0", () => {
    const young = coach({ bio: "I coach middle schoolers." });
    const silent = coach({ bio: "Former college player." });
    const older = coach({ bio: "Varsity players preparing for recruiting." });
    const everyone = coach({ bio: "I coach all ages." });
    expect(scoreCoach(criteria({ ageGroup: "juniors" }), young).breakdown.ageGroup).toBe(10);
    expect(scoreCoach(criteria({ ageGroup: "juniors" }), silent).breakdown.ageGroup).toBe(5);
    expect(scoreCoach(criteria({ ageGroup: "juniors" }), older).breakdown.ageGroup).toBe(0);
    expect(scoreCoach(criteria({ ageGroup: "futures" }), everyone).breakdown.ageGroup).toBe(10);
    expect(scoreCoach(criteria({ skillLevel: "advanced" }), older).breakdown.skillLevel).toBe(10);
    expect(scoreCoach(criteria({ skillLevel: "beginner" }), older).breakdown.skillLevel).toBe(0);
    expect(scoreCoach(criteria({ ageGroup: "juniors" }), young).reasons).toContain("Works with Juniors (12-15) players");
    expect(scoreCoach(criteria({ ageGroup: "futures" }), coach({ bio: "Fundamentals for under-12 players." })).reasons).toContain(
      "Works with Futures (under 12) players",
    );
  });

  it("scores specialties by the share found among the coach's specializations", () => {
    const result = scoreCoach(criteria({ specialties: ["Clearing", "Footwork"] }), coach({ specializations: ["Goalie", "clearing"] }));
    expect(result.breakdown.specialties).toBe(5);
    expect(result.reasons).toContain("Teaches Clearing");
  });

  it("keeps at most 3 reasons, criteria first, then group sessions and a high rating", () => {
    const facts = scoreCoach(criteria(), coach({ hasGroupRates: true, rating: 4.8, totalReviews: 12 }));
    expect(facts.reasons).toEqual(["Offers group sessions", "Rated 4.8 by 12 players"]);
    const many = scoreCoach(criteria({ position: "Goalie" }), coach({ distance: 1, hasGroupRates: true, rating: 5, totalReviews: 1 }));
    expect(many.reasons).toEqual(["Specializes in Goalie", "1.0 mile away", "Offers group sessions"]);
  });
});

describe("compareMatches", () => {
  it("orders by score, then nearer, then better rated, then id", () => {
    const list = [
      { id: 1, matchScore: 80, distance: null, rating: null },
      { id: 2, matchScore: 90, distance: 5, rating: null },
      { id: 3, matchScore: 90, distance: 2, rating: null },
      { id: 4, matchScore: 80, distance: null, rating: 4.5 },
    ];
    expect([...list].sort(compareMatches).map((m) => m.id)).toEqual([3, 2, 4, 1]);
  });
});

describe("formatMiles", () => {
  it("rounds to one decimal", () => {
    expect(formatMiles(4.24)).toBe("4.2 miles");
    expect(formatMiles(0.96)).toBe("1.0 mile");
  });
});
