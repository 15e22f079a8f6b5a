import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CoachListing } from "@contract/search";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { insertCoach, insertSlot } from "./search-support";
import { pinClock } from "@tests/factories/basics";

/**
 * Every field of CoachListing, in the contract's order. Adding a field to the contract fails the
 * type check here until it is listed; listing it fails the tests below until the one SQL definition
 * of a listing (search.repository.ts `listingJsonSql`) sends it.
 */
const LISTING_FIELDS = {
  id: true,
  user: true,
  title: true,
  bio: true,
  experience: true,
  location: true,
  zipcode: true,
  timeZone: true,
  profileImageUrl: true,
  specializations: true,
  positions: true,
  rates: true,
  allowSessionRequests: true,
  rating: true,
  totalReviews: true,
  badges: true,
} satisfies Record<keyof CoachListing, true>;
const listingKeys = Object.keys(LISTING_FIELDS);

describe("a coach's listing has one shape on every page that shows it", () => {
  let t: TestApp;
  let coachId: number;

  beforeAll(async () => {
    t = await startTestApp();
    pinClock(t, "2026-12-01T15:00:00.000Z");
    ({ coachId } = await insertCoach(t, {
      zipcode: "21201",
      specializations: ["Attack", "Dodging"],
      firstName: "Jordan",
      bio: "Dodging and shooting.",
      experience: "12 years",
      rates: [["individual", 60, 8500]],
    }));
    await insertSlot(t, coachId, "2026-12-03T15:00:00.000Z");
  });

  afterAll(async () => {
    await t.close();
  });

  it("profile: every listing field, then its slots and reviews", async () => {
    const res = await request(t.app).get(`/api/coaches/${coachId}/profile`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([...listingKeys, "availableSlots", "reviewCount", "reviewSummary"]);
    for (const key of listingKeys) expect(res.body[key], key).not.toBeUndefined();
    expect(res.body).toMatchObject({ bio: "Dodging and shooting.", experience: "12 years", positions: ["Attack"] });
  });

  it("search: every listing field but bio and experience, then distance and slots", async () => {
    const res = await request(t.app).get("/api/coaches/search").query({ specialization: "Attack", zipcode: "21201" });
    expect(res.status).toBe(200);
    const card = (res.body as Record<string, unknown>[]).find((c) => c.id === coachId)!;
    const cardKeys = listingKeys.filter((k) => k !== "bio" && k !== "experience");
    expect(Object.keys(card)).toEqual([...cardKeys, "distance", "availableSlots", "hasMoreSlots"]);
    for (const key of cardKeys) expect(card[key], key).not.toBeUndefined();
  });

  it("matching: every listing field, then distance and the match", async () => {
    const res = await request(t.app).get("/api/coaches/recommendations").query({ position: "Attack", zipcode: "21201" });
    expect(res.status).toBe(200);
    const match = (res.body as Record<string, unknown>[]).find((c) => c.id === coachId)!;
    expect(Object.keys(match)).toEqual([...listingKeys, "distance", "matchScore", "matchReasons"]);
    expect(match).toMatchObject({ bio: "Dodging and shooting.", rates: [{ sessionType: "individual", duration: 60, rate: "85.00" }] });
  });
});
