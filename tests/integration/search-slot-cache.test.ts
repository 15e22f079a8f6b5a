import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PlacePage } from "@contract/place-pages";
import type { SearchResultCoach } from "@contract/search";
import { coaches, users } from "@server/db/schema/index";
import { recordSqlStatements } from "@server/db/statement-count";
import { startSession } from "@server/features/accounts/sessions.service";
import { getPlacePage } from "@server/features/places/places.service";
import { coachDirectoryFor } from "@server/features/search/coach-directory";
import { coachSlotsCacheFor } from "@server/features/search/coach-slots-cache";
import { warmUpSearch } from "@server/features/search/search-warm-up";
import * as repo from "@server/features/search/search.repository";
import { CALENDAR_CHANNEL } from "@server/realtime/event-bus";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { bookThroughApi, insertBooking, insertCoach, insertPlayer, insertSlot } from "./search-support";
import { pinClock } from "@tests/factories/basics";

const NOW = "2026-12-01T15:00:00.000Z";
const TOMORROW = "2026-12-02T15:00:00.000Z";
const IN_TWO_DAYS = "2026-12-03T15:00:00.000Z";

/** Search keeps each coach's slots in memory between searches; these follow a coach across searches. */
describe("GET /api/coaches/search: slots stay current between searches", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    pinClock(t, NOW);
    // From here on the search keeps slots between requests (until then it reads them every time).
    await coachSlotsCacheFor(t.deps).listening;
  });

  afterAll(async () => {
    await t.close();
  });

  const slotsOf = async (coachId: number, position: string): Promise<number[] | null> => {
    const res = await request(t.app)
      .get("/api/coaches/search")
      .query({ specialization: position, zipcode: "10001", radius: "10", includeUnavailable: "true" });
    expect(res.status).toBe(200);
    const coach = (res.body as SearchResultCoach[]).find((c) => c.id === coachId);
    return coach?.availableSlots.map((s) => s.id) ?? null;
  };

  const coachCookie = async (userId: number) => `sid=${(await startSession(t.deps.database.db, userId, t.deps.clock.now())).token}`;

  it("drops a slot from the next search as soon as a player books its only seat", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"] });
    const first = await insertSlot(t, coachId, TOMORROW);
    const second = await insertSlot(t, coachId, IN_TWO_DAYS);
    expect(await slotsOf(coachId, "Goalie")).toEqual([first, second]);

    await bookThroughApi(t, coachId, first);

    expect(await slotsOf(coachId, "Goalie")).toEqual([second]);
  });

  it("keeps a place page's cards as current as a search, reading nothing for a repeated visit, also for a coach off the map", async () => {
    const { coachId, userId } = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"], firstName: "Placed" });
    const first = await insertSlot(t, coachId, TOMORROW);
    await insertSlot(t, coachId, IN_TWO_DAYS);
    const cardOf = async () => {
      const res = await request(t.app).get("/api/places/ny/new-york");
      expect(res.status).toBe(200);
      const card = (res.body as PlacePage).coaches.find((c) => c.id === coachId);
      return card && { name: card.name, times: card.nextOpenTimes.map((o) => `${o.date} ${o.startTime} ${o.timeZone}`) };
    };
    expect(await cardOf()).toEqual({
      name: "Placed Coach",
      times: ["2026-12-02 10:00 America/New_York", "2026-12-03 10:00 America/New_York"],
    });
    const again = await recordSqlStatements(() => getPlacePage(t.deps, "ny", "new-york", null));
    expect(again.recorded.map((r) => r.text)).toEqual([]);

    await bookThroughApi(t, coachId, first);
    expect(await cardOf()).toEqual({ name: "Placed Coach", times: ["2026-12-03 10:00 America/New_York"] });

    // A rename, as the profile service announces it.
    await t.deps.database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, userId));
    await t.deps.events.publish({ type: "coach_updated", coachId });
    expect(await cardOf()).toEqual({ name: "Renamed Coach", times: ["2026-12-03 10:00 America/New_York"] });

    // Off the map (no coordinates): search's memory no longer holds the coach; the place page reads the card.
    await t.deps.database.db.update(coaches).set({ latitude: null, longitude: null }).where(eq(coaches.id, coachId));
    await t.deps.events.publish({ type: "coach_updated", coachId });
    expect(await cardOf()).toEqual({ name: "Renamed Coach", times: ["2026-12-03 10:00 America/New_York"] });
  });

  it("drops a slot the coach deletes, and leaves out the coach once no slot is bookable", async () => {
    const { coachId, userId } = await insertCoach(t, { zipcode: "10001", specializations: ["Defense"] });
    const only = await insertSlot(t, coachId, TOMORROW);
    expect(await slotsOf(coachId, "Defense")).toEqual([only]);

    const deleted = await request(t.app)
      .delete(`/api/time-slots/${only}`)
      .set("Cookie", await coachCookie(userId));
    expect(deleted.status).toBe(200);

    expect(await slotsOf(coachId, "Defense")).toEqual([]);
    const open = await request(t.app).get("/api/coaches/search").query({ specialization: "Defense", zipcode: "10001", radius: "10" });
    expect((open.body as SearchResultCoach[]).map((c) => c.id)).not.toContain(coachId);
  });

  it("gives a held seat back when the hold expires and drops a slot when it starts, as the clock moves", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Attack"] });
    const { userId: studentId } = await insertPlayer(t);
    const soon = await insertSlot(t, coachId, "2026-12-01T16:00:00.000Z");
    const held = await insertSlot(t, coachId, TOMORROW);
    await insertBooking(t, { slotId: held, coachId, studentId, status: "pending", holdExpiresAt: new Date("2026-12-01T15:10:00.000Z") });
    expect(await slotsOf(coachId, "Attack")).toEqual([soon]);

    pinClock(t, "2026-12-01T15:11:00.000Z");
    expect(await slotsOf(coachId, "Attack")).toEqual([soon, held]);

    pinClock(t, "2026-12-01T16:00:00.001Z");
    expect(await slotsOf(coachId, "Attack")).toEqual([held]);

    // Back in time (only a test clock does that): the earlier slot is bookable again.
    pinClock(t, NOW);
    expect(await slotsOf(coachId, "Attack")).toEqual([soon]);
  });

  it("hears a change announced by another server process through the database", async () => {
    pinClock(t, NOW);
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Faceoff"] });
    const first = await insertSlot(t, coachId, IN_TWO_DAYS);
    expect(await slotsOf(coachId, "Faceoff")).toEqual([first]);

    // Written straight into the table, as another process would, which then announces it.
    const added = await insertSlot(t, coachId, TOMORROW);
    expect(await slotsOf(coachId, "Faceoff")).toEqual([first]);
    await t.deps.database.notify(CALENDAR_CHANNEL, JSON.stringify({ type: "availability_updated", coachId }));

    await vi.waitFor(async () => expect(await slotsOf(coachId, "Faceoff")).toEqual([added, first]), { timeout: 2000, interval: 20 });
  });

  it("reads the slots asked for at once in one statement, each asker with its coaches' slots, and keeps none changed meanwhile", async () => {
    pinClock(t, NOW);
    const { coachId: first } = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"] });
    const { coachId: second } = await insertCoach(t, { zipcode: "21210", specializations: ["Midfield"] });
    const firstSlot = await insertSlot(t, first, TOMORROW);
    const secondSlot = await insertSlot(t, second, IN_TWO_DAYS);
    const cache = coachSlotsCacheFor(t.deps);
    const reads = vi.spyOn(repo, "coachSlots");
    const ids = (slots: string[] | undefined) => slots?.map((text) => (JSON.parse(text) as { id: number }).id);
    const now = t.deps.clock.now();
    const zone = "America/New_York";

    const asked = [
      cache.bookableSlots([{ id: first, timeZone: zone }], now, 7),
      cache.bookableSlots([{ id: second, timeZone: zone }], now, 7),
    ];
    // Changed after it was asked for, before the read: used by its askers, not kept.
    cache.invalidate(second);
    const [forFirst, forSecond] = await Promise.all(asked);
    expect(ids(forFirst?.byCoach.get(first))).toEqual([firstSlot]);
    expect(ids(forSecond?.byCoach.get(second))).toEqual([secondSlot]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]?.[1]).toEqual([first, second]);

    const again = await cache.bookableSlots(
      [
        { id: first, timeZone: zone },
        { id: second, timeZone: zone },
      ],
      now,
      7,
    );
    expect(ids(again.byCoach.get(second))).toEqual([secondSlot]);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(reads.mock.calls[1]?.[1]).toEqual([second]);
    reads.mockRestore();
  });

  it("is readied at start around every coach on the map, and later searches still see every change", async () => {
    const goalie = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"] });
    const attack = await insertCoach(t, { zipcode: "10001", specializations: ["Attack"] });
    const first = await insertSlot(t, goalie.coachId, TOMORROW);

    // At start (main.ts), before the server listens: every coach's next slots, then a search around
    // each coach on the map, up to 200.
    const warmUp = await warmUpSearch(t.deps);
    expect(warmUp.coaches).toBe(coachDirectoryFor(t.deps).size());
    expect(warmUp.slotCoaches).toBeGreaterThanOrEqual(warmUp.coaches);
    expect(warmUp.searches).toBe(Math.min(200, warmUp.coaches));

    // A first search after it, whatever it looks for, reads no slot from the database.
    const reads = vi.spyOn(repo, "coachSlots");
    const res = await request(t.app).get("/api/coaches/search").query({ specialization: "Attack", zipcode: "21210", radius: "100" });
    expect(res.status).toBe(200);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();

    // What the warm-up kept is kept under the search's rules: the slots it read are shown, and a slot
    // added since (the warm-up searched for Attack around 10001 when the attack coach had none) too.
    expect(await slotsOf(goalie.coachId, "Goalie")).toEqual([first]);
    const added = await request(t.app)
      .post("/api/time-slots")
      .set("Cookie", await coachCookie(attack.userId))
      .send({ date: "2026-12-03", startTime: "10:00", endTime: "11:00" });
    expect(added.status).toBe(201);
    expect(await slotsOf(attack.coachId, "Attack")).toEqual([added.body.id]);
  });

  it("reads every entry again in the background before it expires, so a change no event announced shows", async () => {
    pinClock(t, NOW);
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"] });
    const slot = await insertSlot(t, coachId, IN_TWO_DAYS, { locationName: "Field 1" });
    const cache = coachSlotsCacheFor(t.deps);
    const zone = "America/New_York";
    const locationOf = async () => {
      const { byCoach } = await cache.bookableSlots([{ id: coachId, timeZone: zone }], t.deps.clock.now(), 7);
      return byCoach.get(coachId)?.map((text) => (JSON.parse(text) as { locationName: string | null }).locationName);
    };
    expect(await cache.preload([coachId])).toBeGreaterThan(0);
    expect(await locationOf()).toEqual(["Field 1"]);

    // Written straight into the table with no event, as a repair by hand would be: the entry is kept...
    await t.deps.database.db.execute(sql`update time_slots set location_name = 'Field 2' where id = ${slot}`);
    expect(await locationOf()).toEqual(["Field 1"]);

    // ...until the background reads it again (here at once; in production before it is 8 minutes old).
    const stop = cache.keepFresh({ afterMs: 0, everyMs: 10 });
    try {
      await vi.waitFor(async () => expect(await locationOf()).toEqual(["Field 2"]), { timeout: 2000, interval: 20 });
    } finally {
      stop();
    }
  });

  it("readies nothing on a marketplace without coaches, and fails nothing", async () => {
    const empty = await startTestApp();
    try {
      expect(await warmUpSearch(empty.deps)).toMatchObject({ coaches: 0, searches: 0 });
    } finally {
      await empty.close();
    }
  });
});
