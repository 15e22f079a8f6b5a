import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResultCoach } from "@contract/search";
import { startSession } from "@server/features/accounts/sessions.service";
import { coachDirectoryFor } from "@server/features/search/coach-directory";
import { coachSlotsCacheFor } from "@server/features/search/coach-slots-cache";
import { warmUpSearch } from "@server/features/search/search-warm-up";
import { pinClock } from "@tests/factories/basics";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { insertCoach, insertSlot } from "./search-support";

const NOW = "2026-12-01T15:00:00.000Z";
const TOMORROW = "2026-12-02T15:00:00.000Z";

/** The server readies its search before it listens (main.ts): the first visitors wait for nothing it could do before. */
describe("the search's warm-up at start", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    pinClock(t, NOW);
    await coachSlotsCacheFor(t.deps).listening;
  });

  afterAll(async () => {
    await t.close();
  });

  const search = async (position: string) => {
    const res = await request(t.app).get("/api/coaches/search").query({ specialization: position, zipcode: "10001", radius: "25" });
    expect(res.status).toBe(200);
    return res.body as SearchResultCoach[];
  };

  it("reads every coach on the map and searches around them, and later searches still see every change", async () => {
    const goalie = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"] });
    const attack = await insertCoach(t, { zipcode: "10001", specializations: ["Attack"] });
    const first = await insertSlot(t, goalie.coachId, TOMORROW);

    const warmUp = await warmUpSearch(t.deps);
    expect(warmUp).toMatchObject({ coaches: coachDirectoryFor(t.deps).size(), searches: 2 });
    expect(warmUp.coaches).toBeGreaterThanOrEqual(2);

    // What the warm-up kept is kept under the search's rules: a slot added since is shown.
    expect((await search("Goalie")).find((c) => c.id === goalie.coachId)?.availableSlots.map((s) => s.id)).toEqual([first]);
    // The warm-up searched for Attack around the first coach's ZIP code: the attack coach had no slot then.
    const { token } = await startSession(t.deps.database.db, attack.userId, t.deps.clock.now());
    const added = await request(t.app)
      .post("/api/time-slots")
      .set("Cookie", `sid=${token}`)
      .send({ date: "2026-12-03", startTime: "10:00", endTime: "11:00" });
    expect(added.status).toBe(201);
    expect((await search("Attack")).find((c) => c.id === attack.coachId)?.availableSlots.map((s) => s.id)).toEqual([added.body.id]);
  });

  it("makes no search on a marketplace without coaches, and fails nothing", async () => {
    const empty = await startTestApp();
    try {
      expect(await warmUpSearch(empty.deps)).toMatchObject({ coaches: 0, searches: 0 });
    } finally {
      await empty.close();
    }
  });
});
