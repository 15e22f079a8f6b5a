import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { insertCoach, insertSlot } from "./search-support";
import { pinClock } from "@tests/factories/basics";

/** Public reads may be kept by browsers and shared caches, revalidated with their ETag (issue 17). */
describe("public reads: Cache-Control, ETag and 304", () => {
  let t: TestApp;
  let coachId: number;

  beforeAll(async () => {
    t = await startTestApp();
    pinClock(t, "2026-12-01T15:00:00.000Z");
    ({ coachId } = await insertCoach(t, { zipcode: "21201", specializations: ["Attack"] }));
    await insertSlot(t, coachId, "2026-12-02T15:00:00.000Z");
  });

  afterAll(async () => {
    await t.close();
  });

  for (const [name, path] of [
    ["a coach profile", () => `/api/coaches/${coachId}/profile`],
    ["testimonials", () => "/api/testimonials"],
    ["content blocks", () => "/api/content-blocks"],
  ] as const) {
    it(`${name}: public, revalidated, and an unchanged answer is an empty 304`, async () => {
      const first = await request(t.app).get(path());
      expect(first.status).toBe(200);
      expect(first.headers["cache-control"]).toBe("public, no-cache");
      const etag = first.headers.etag as string;
      expect(etag).toEqual(expect.any(String));
      const again = await request(t.app).get(path()).set("If-None-Match", etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
    });
  }

  it("a coach profile's ETag changes when what it shows changes", async () => {
    const before = await request(t.app).get(`/api/coaches/${coachId}/profile`);
    await insertSlot(t, coachId, "2026-12-03T15:00:00.000Z");
    const after = await request(t.app)
      .get(`/api/coaches/${coachId}/profile`)
      .set("If-None-Match", before.headers.etag as string);
    expect(after.status).toBe(200);
    expect(after.body.availableSlots).toHaveLength(2);
  });

  it("personal answers are not marked public", async () => {
    const res = await request(t.app).get("/api/auth/user");
    expect(res.headers["cache-control"] ?? "").not.toContain("public");
  });
});
