import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_MAX_COACHES, SEARCH_NEXT_CURSOR_HEADER, type SearchResultCoach } from "@contract/search";
import { startSession } from "@server/features/accounts/sessions.service";
import { coachDirectoryFor } from "@server/features/search/coach-directory";
import { coachSlotsCacheFor } from "@server/features/search/coach-slots-cache";
import { searchAnswerCacheFor } from "@server/features/search/search-answer-cache";
import { makeCoach } from "@tests/factories/coaches";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { bookThroughApi, insertBooking, insertCoach, insertPlayer, insertSlot } from "./search-support";
import { pinClock } from "@tests/factories/basics";

const NOW = "2026-12-01T15:00:00.000Z";
const TOMORROW = "2026-12-02T15:00:00.000Z";
const IN_TWO_DAYS = "2026-12-03T15:00:00.000Z";

/**
 * Search keeps whole answers between requests (search-answer-cache.ts); each test first shows that
 * the second search is answered from it (the directory is not asked again), then changes what the
 * answer shows and searches again at once. Each test searches its own position, so its answers are
 * its own.
 */
describe("GET /api/coaches/search: answers kept between searches stay current", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    pinClock(t, NOW);
    await coachSlotsCacheFor(t.deps).listening;
    await searchAnswerCacheFor(t.deps).listening;
  });

  beforeEach(() => pinClock(t, NOW));

  afterAll(async () => {
    await t.close();
  });

  const search = (position: string, more: Record<string, string> = {}) =>
    request(t.app)
      .get("/api/coaches/search")
      .query({ specialization: position, zipcode: "10001", radius: "10", ...more });
  const slotsOf = async (coachId: number, position: string): Promise<number[] | null> => {
    const res = await search(position, { includeUnavailable: "true" });
    expect(res.status).toBe(200);
    return (res.body as SearchResultCoach[]).find((c) => c.id === coachId)?.availableSlots.map((s) => s.id) ?? null;
  };
  /** Searches twice and expects the second answer to come from the cache (the directory is not asked). */
  const cachedSlotsOf = async (coachId: number, position: string): Promise<number[] | null> => {
    const first = await slotsOf(coachId, position);
    const near = vi.spyOn(coachDirectoryFor(t.deps), "near");
    try {
      expect(await slotsOf(coachId, position)).toEqual(first);
      expect(near).not.toHaveBeenCalled();
    } finally {
      near.mockRestore();
    }
    return first;
  };
  const coachCookie = async (userId: number) => `sid=${(await startSession(t.deps.database.db, userId, t.deps.clock.now())).token}`;

  it("answers a repeated search with the same bytes without building the page again", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"] });
    // Enough slots for the answer to be compressed.
    for (const day of ["02", "03", "04", "05", "06", "07"]) await insertSlot(t, coachId, `2026-12-${day}T15:00:00.000Z`);
    const first = await search("Goalie").set("Accept-Encoding", "br").buffer(true);
    const near = vi.spyOn(coachDirectoryFor(t.deps), "near");
    try {
      const again = await search("GOALIE").set("Accept-Encoding", "br").buffer(true);
      const plain = await search("goalie").set("Accept-Encoding", "identity");
      expect(near).not.toHaveBeenCalled();
      expect(again.headers["content-encoding"]).toBe("br");
      expect(again.text).toBe(first.text);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toEqual(first.body);
      expect((plain.body as SearchResultCoach[]).map((c) => c.id)).toEqual([coachId]);
    } finally {
      near.mockRestore();
    }
  });

  it("drops a slot as soon as a player books its only seat", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Defense"] });
    const first = await insertSlot(t, coachId, TOMORROW);
    const second = await insertSlot(t, coachId, IN_TWO_DAYS);
    expect(await cachedSlotsOf(coachId, "Defense")).toEqual([first, second]);

    await bookThroughApi(t, coachId, first);

    expect(await slotsOf(coachId, "Defense")).toEqual([second]);
  });

  it("lists a coach who had no bookable slot once they publish one", async () => {
    const { coachId, userId } = await insertCoach(t, { zipcode: "10001", specializations: ["Attack"] });
    const ids = async () => ((await search("Attack")).body as SearchResultCoach[]).map((c) => c.id);
    expect(await ids()).not.toContain(coachId);
    expect(await cachedSlotsOf(coachId, "Attack")).toEqual([]);

    const created = await request(t.app)
      .post("/api/time-slots")
      .set("Cookie", await coachCookie(userId))
      .send({ date: "2026-12-02", startTime: "10:00", endTime: "11:00" });
    expect(created.status).toBe(201);

    expect(await ids()).toContain(coachId);
    expect(await slotsOf(coachId, "Attack")).toEqual([created.body.id]);
  });

  it("drops a slot once the clock passes its start, and shows it again when a test clock goes back", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Faceoff"] });
    const soon = await insertSlot(t, coachId, "2026-12-01T16:00:00.000Z");
    const later = await insertSlot(t, coachId, TOMORROW);
    expect(await cachedSlotsOf(coachId, "Faceoff")).toEqual([soon, later]);

    pinClock(t, "2026-12-01T16:00:00.000Z");
    expect(await slotsOf(coachId, "Faceoff")).toEqual([soon, later]); // still bookable at its very start
    pinClock(t, "2026-12-01T16:00:00.001Z");
    expect(await slotsOf(coachId, "Faceoff")).toEqual([later]);
    pinClock(t, NOW);
    expect(await slotsOf(coachId, "Faceoff")).toEqual([soon, later]);
  });

  it("gives a held seat back the moment the hold expires", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["LSM"] });
    const { userId: studentId } = await insertPlayer(t);
    const held = await insertSlot(t, coachId, TOMORROW);
    const open = await insertSlot(t, coachId, IN_TWO_DAYS);
    await insertBooking(t, { slotId: held, coachId, studentId, status: "pending", holdExpiresAt: new Date("2026-12-01T15:10:00.000Z") });
    expect(await cachedSlotsOf(coachId, "LSM")).toEqual([open]);

    pinClock(t, "2026-12-01T15:09:59.999Z");
    expect(await slotsOf(coachId, "LSM")).toEqual([open]);
    pinClock(t, "2026-12-01T15:10:00.000Z");
    expect(await slotsOf(coachId, "LSM")).toEqual([held, open]);
  });

  it("shows a coach's new rate and name in the next search", async () => {
    const { agent, coach, user, email } = await makeCoach(t, { zipcode: "10001", specializations: ["Defensive Midfield"] });
    const listing = async () => ((await search("Defensive Midfield", { includeUnavailable: "true" })).body as SearchResultCoach[])[0];
    expect((await listing())?.user.firstName).toBe("Casey");
    await cachedSlotsOf(coach.id, "Defensive Midfield");

    const changed = await agent
      .put(`/api/coaches/${coach.id}`)
      .send({ rates: [{ sessionType: "individual", duration: 60, rate: "77.00" }] });
    expect(changed.status).toBe(200);
    expect((await listing())?.rates.map((r) => r.rate)).toEqual(["77.00"]);

    const renamed = await agent
      .put(`/api/users/${user.id}`)
      .send({ firstName: "Robin", lastName: "Reyes", email, phoneNumber: "4105551234" });
    expect(renamed.status).toBe(200);
    expect((await listing())?.user).toMatchObject({ firstName: "Robin", lastName: "Reyes" });
  });

  it("keeps each page of a search apart, with its own next cursor", async () => {
    for (let i = 0; i <= SEARCH_MAX_COACHES; i++) {
      const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Box"] });
      await insertSlot(t, coachId, TOMORROW);
    }
    const first = await search("Box");
    const cursor = String(first.headers[SEARCH_NEXT_CURSOR_HEADER.toLowerCase()]);
    const second = await search("Box", { cursor });
    expect((first.body as SearchResultCoach[]).length).toBe(SEARCH_MAX_COACHES);
    expect((second.body as SearchResultCoach[]).length).toBe(1);

    const near = vi.spyOn(coachDirectoryFor(t.deps), "near");
    try {
      const firstAgain = await search("Box");
      const secondAgain = await search("Box", { cursor });
      expect(near).not.toHaveBeenCalled();
      expect(firstAgain.body).toEqual(first.body);
      expect(firstAgain.headers[SEARCH_NEXT_CURSOR_HEADER.toLowerCase()]).toBe(cursor);
      expect(secondAgain.body).toEqual(second.body);
      expect(secondAgain.headers[SEARCH_NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
    } finally {
      near.mockRestore();
    }
  });
});
