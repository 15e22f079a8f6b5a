import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchedCoach } from "@contract/search";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { insertCoach, insertPlayer, setPreferences } from "./search-support";
import { pinClock } from "@tests/factories/basics";

describe("GET /api/coaches/recommendations and /quick-matches", () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    pinClock(t, "2026-12-01T15:00:00.000Z");
    ids.goalieNear = (
      await insertCoach(t, {
        zipcode: "10001",
        specializations: ["Goalie", "Clearing"],
        bio: "I love helping beginners and middle schoolers find their confidence in the cage.",
        rates: [
          ["individual", 60, 7000],
          ["group", 60, 3500],
        ],
      })
    ).coachId;
    ids.goalieFar = (
      await insertCoach(t, {
        zipcode: "11201",
        specializations: ["Goalie"],
        bio: "Varsity and college-bound keepers.",
        rates: [["individual", 60, 15000]],
      })
    ).coachId;
    ids.attackNear = (await insertCoach(t, { zipcode: "07030", specializations: ["Attack"], rates: [["individual", 60, 6000]] })).coachId;
    ids.goalieLA = (await insertCoach(t, { zipcode: "90210", specializations: ["Goalie"] })).coachId;
  });

  afterAll(async () => {
    await t.close();
  });

  const recommend = (query: Record<string, string>, cookie?: string) => {
    const req = request(t.app).get("/api/coaches/recommendations").query(query);
    return cookie ? req.set("Cookie", cookie) : req;
  };

  it("ranks coaches of the position first, nearer ones higher, and explains why", async () => {
    const res = await recommend({ position: "Goalie", zipcode: "10001", maxDistance: "25" });
    expect(res.status).toBe(200);
    const body = res.body as MatchedCoach[];
    expect(body.map((c) => c.id)).toEqual([ids.goalieNear, ids.goalieFar, ids.attackNear]);
    expect(body[0]!.matchScore).toBeGreaterThan(body[1]!.matchScore);
    expect(body[1]!.matchScore).toBeGreaterThan(body[2]!.matchScore);
    for (const coach of body) {
      expect(coach.matchScore).toBeGreaterThanOrEqual(0);
      expect(coach.matchScore).toBeLessThanOrEqual(100);
      expect(coach.matchReasons.length).toBeLessThanOrEqual(3);
    }
    expect(body[0]!.matchReasons).toEqual(["Specializes in Goalie", "0.0 miles away", "Offers group sessions"]);
    expect(body[1]!.matchReasons[0]).toBe("Specializes in Goalie");
    expect(body[1]!.matchReasons[1]).toMatch(/^[34]\.\d miles away$/);
    expect(body[2]!.matchReasons).not.toContain("Specializes in Goalie");
    // The coach fields come along, without contact details.
    expect(body[0]).toMatchObject({
      id: ids.goalieNear,
      positions: ["Goalie"],
      distance: 0,
      rates: [{ rate: "70.00" }, { rate: "35.00" }],
    });
    expect(JSON.stringify(body)).not.toContain("@example.com");
  });

  it("leaves out coaches beyond maxDistance when the origin is known", async () => {
    const res = await recommend({ position: "Goalie", zipcode: "10001", maxDistance: "2" });
    expect((res.body as MatchedCoach[]).map((c) => c.id).sort()).toEqual([ids.goalieNear, ids.attackNear].sort());
  });

  it("scores the price range, age group and skill level, and says so", async () => {
    // The near goalie's lowest rate is $35 (group), the far one's $150; the near one's bio speaks of
    // beginners and middle schoolers, the far one's of varsity and college-bound keepers.
    const res = await recommend({
      position: "Goalie",
      zipcode: "10001",
      minPrice: "30",
      maxPrice: "80",
      ageGroup: "juniors",
      skillLevel: "beginner",
    });
    const body = res.body as MatchedCoach[];
    const near = body.find((c) => c.id === ids.goalieNear)!;
    expect(near.matchReasons).toEqual(["Specializes in Goalie", "0.0 miles away", "Within your budget"]);
    // Everything but specialties (not given, so neutral: 5 of 10).
    expect(near.matchScore).toBe(95);
    // The far goalie's every rate ($150) is above maxPrice: filtered out, not just scored lower.
    expect(body.map((c) => c.id)).not.toContain(ids.goalieFar);

    const older = await recommend({ position: "Goalie", zipcode: "10001", ageGroup: "high-school", skillLevel: "advanced" });
    const ranked = (older.body as MatchedCoach[]).map((c) => c.id);
    expect(ranked.indexOf(ids.goalieFar ?? NaN)).toBeLessThan(ranked.indexOf(ids.goalieNear ?? NaN));
  });

  it("minPrice and maxPrice filter: a coach whose every rate is outside the range is not in the answer", async () => {
    const expensive = await recommend({ position: "Goalie", zipcode: "10001", minPrice: "100" });
    // Only the far goalie has a rate of $100 or more; the score still ranks what is left.
    expect((expensive.body as MatchedCoach[]).map((c) => c.id)).toEqual([ids.goalieFar]);
    const cheap = await recommend({ position: "Goalie", zipcode: "10001", maxPrice: "65" });
    // The near goalie's group rate is $35 and the near attacker's $60; the far goalie only has $150.
    expect((cheap.body as MatchedCoach[]).map((c) => c.id)).toEqual([ids.goalieNear, ids.attackNear]);
    const none = await recommend({ zipcode: "10001", minPrice: "500" });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it("without an origin, treats distance as neutral and searches every coach", async () => {
    const res = await recommend({ position: "Goalie" });
    expect(res.status).toBe(200);
    const body = res.body as MatchedCoach[];
    expect(body.map((c) => c.id)).toContain(ids.goalieLA);
    for (const coach of body) expect(coach.distance).toBeNull();
    expect(
      body
        .slice(0, 3)
        .map((c) => c.id)
        .sort(),
    ).toEqual([ids.goalieNear, ids.goalieFar, ids.goalieLA].sort());
  });

  it("uses the signed-in player's preferred location as the origin", async () => {
    const player = await insertPlayer(t, { preferredLocation: "90210" });
    const res = await recommend({ position: "Goalie", maxDistance: "50" }, player.cookie);
    expect((res.body as MatchedCoach[]).map((c) => c.id)).toEqual([ids.goalieLA]);
  });

  it.each([
    [{ maxDistance: "abc" }, "Maximum distance must be a whole number of miles from 1 to 500"],
    [{ maxDistance: "0" }, "Maximum distance must be a whole number of miles from 1 to 500"],
    [{ maxDistance: "501" }, "Maximum distance must be a whole number of miles from 1 to 500"],
    [{ minPrice: "-5" }, "Minimum price must be an amount in dollars"],
    [{ maxPrice: "cheap" }, "Maximum price must be an amount in dollars"],
    [{ minPrice: "90", maxPrice: "50" }, "Minimum price must not be more than maximum price"],
    [{ position: "Quarterback" }, "Please select a valid position"],
    [{ ageGroup: "adults" }, "Please select a valid age group"],
    [{ skillLevel: "pro" }, "Please select a valid skill level"],
    [{ zipcode: "123" }, "Please enter a valid 5-digit zipcode."],
    [{ zipcode: "99999" }, "We couldn't find that zipcode. Please check it and try again."],
  ])("rejects %j with a clear message", async (query, message) => {
    const res = await recommend(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("quick matches need a signed-in player", async () => {
    const res = await request(t.app).get("/api/coaches/quick-matches");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: "Unauthorized" });
  });

  it("quick matches use the player's saved preferences", async () => {
    const player = await insertPlayer(t);
    await setPreferences(t, player.userId, {
      position: "Attack",
      ageGroup: "high-school",
      skillLevel: "advanced",
      goals: ["Attack"],
      maxTravelDistance: 10,
      preferredLocation: "10001",
    });
    const res = await request(t.app).get("/api/coaches/quick-matches").set("Cookie", player.cookie);
    expect(res.status).toBe(200);
    const body = res.body as MatchedCoach[];
    // The far goalie's bio speaks to high-school, advanced players; the near one's to beginners.
    expect(body.map((c) => c.id)).toEqual([ids.attackNear, ids.goalieFar, ids.goalieNear]);
    expect(body[0]!.matchReasons.slice(0, 2)).toEqual(["Specializes in Attack", `${body[0]!.distance!.toFixed(1)} miles away`]);
    expect(body[1]!.matchReasons).toContain("Works with High School (16-18) players");

    // New preferences, new matches: a goalie in Beverly Hills.
    await setPreferences(t, player.userId, { position: "Goalie", goals: [], preferredLocation: "90210", maxTravelDistance: 25 });
    const again = await request(t.app).get("/api/coaches/quick-matches").set("Cookie", player.cookie);
    expect((again.body as MatchedCoach[]).map((c) => c.id)).toEqual([ids.goalieLA]);
  });
});
