import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_MAX_COACHES, SEARCH_SLOTS_PER_COACH, type SearchResultCoach } from "@contract/search";
import type { TimeSlot } from "@contract/slots";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { insertBooking, insertCoach, insertPlayer, insertSlot, slotCardOf } from "./search-support";
import { pinClock } from "@tests/factories/basics";

const NOW = "2026-12-01T15:00:00.000Z";
const TOMORROW = "2026-12-02T15:00:00.000Z";

type Results = SearchResultCoach[];

describe("GET /api/coaches/search: radius, distance and position", () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    pinClock(t, NOW);
    const place = async (name: string, zipcode: string, specializations: string[], withSlot = true) => {
      const { coachId } = await insertCoach(t, { zipcode, specializations, firstName: name });
      ids[name] = coachId;
      if (withSlot) await insertSlot(t, coachId, TOMORROW);
    };
    await place("Manhattan", "10001", ["Goalie", "Midfield"]);
    await place("Hoboken", "07030", ["Goalie"]);
    await place("Brooklyn", "11201", ["goalie"]);
    await place("BeverlyHills", "90210", ["Goalie"]);
    await place("Attacker", "10001", ["Attack"]);
    await place("NoSlots", "10001", ["Goalie"], false);
  });

  afterAll(async () => {
    await t.close();
  });

  const search = (query: Record<string, string>) => request(t.app).get("/api/coaches/search").query(query);

  it("finds the coaches within the radius, nearest first, with distances in miles", async () => {
    const res = await search({ specialization: "Goalie", zipcode: "10001", radius: "10" });
    expect(res.status).toBe(200);
    const body = res.body as Results;
    expect(body.map((c) => c.id)).toEqual([ids.Manhattan, ids.Hoboken, ids.Brooklyn]);
    expect(body[0]!.distance).toBe(0);
    expect(body[1]!.distance).toBeGreaterThan(1);
    expect(body[1]!.distance).toBeLessThan(3);
    expect(body[2]!.distance).toBeGreaterThan(3);
    expect(body[2]!.distance).toBeLessThan(5);
    // One decimal.
    for (const coach of body) expect(Math.round(coach.distance * 10) / 10).toBe(coach.distance);
  });

  it("does not find a New York coach from Beverly Hills even at 100 miles, but finds the local one", async () => {
    const res = await search({ specialization: "Goalie", zipcode: "90210", radius: "100" });
    expect(res.status).toBe(200);
    expect((res.body as Results).map((c) => c.id)).toEqual([ids.BeverlyHills]);
  });

  it("matches the position case-insensitively and leaves out coaches of other positions", async () => {
    const goalies = await search({ specialization: "GOALIE", zipcode: "10001", radius: "10" });
    expect((goalies.body as Results).map((c) => c.id)).toContain(ids.Brooklyn);
    expect((goalies.body as Results).map((c) => c.id)).not.toContain(ids.Attacker);
    const attackers = await search({ specialization: "Attack", zipcode: "10001", radius: "10" });
    expect((attackers.body as Results).map((c) => c.id)).toEqual([ids.Attacker]);
  });

  it("answers the coach fields, rates as money strings, and slots in the coach's time zone, without contact details", async () => {
    const res = await search({ specialization: "Goalie", zipcode: "10001", radius: "10" });
    const coach = (res.body as Results)[0]!;
    expect(coach).toMatchObject({
      id: ids.Manhattan,
      user: { firstName: "Manhattan", lastName: "Coach", profileImageUrl: null },
      title: "Lacrosse Coach",
      location: "New York, NY",
      specializations: ["Goalie", "Midfield"],
      positions: ["Goalie", "Midfield"],
      rates: [{ sessionType: "individual", duration: 60, rate: "85.00" }],
      allowSessionRequests: true,
      rating: null,
      totalReviews: 0,
    });
    expect(coach.user).not.toHaveProperty("email");
    // The card shows neither; the profile has them.
    expect(coach).not.toHaveProperty("bio");
    expect(coach).not.toHaveProperty("experience");
    expect(JSON.stringify(res.body)).not.toContain("@example.com");
    // 15:00 UTC is 10:00 in New York in December.
    expect(coach.availableSlots).toEqual([
      {
        id: expect.any(Number),
        date: "2026-12-02",
        startTime: "10:00",
        endTime: "11:00",
        isGroup: false,
        capacity: 1,
        locationName: "Field 1",
        timeZone: "America/New_York",
      },
    ]);
  });

  it("leaves out coaches without bookable slots unless includeUnavailable is true", async () => {
    const open = await search({ specialization: "Goalie", zipcode: "10001", radius: "10", includeUnavailable: "false" });
    expect((open.body as Results).map((c) => c.id)).not.toContain(ids.NoSlots);
    const all = await search({ specialization: "Goalie", zipcode: "10001", radius: "10", includeUnavailable: "true" });
    const noSlots = (all.body as Results).find((c) => c.id === ids.NoSlots);
    expect(noSlots).toBeDefined();
    expect(noSlots!.availableSlots).toEqual([]);
  });

  it("searches 25 miles when no radius is given", async () => {
    // Scarsdale is about 17 miles from Manhattan: inside 25, outside 10.
    const { coachId } = await insertCoach(t, { zipcode: "10583", specializations: ["Faceoff"] });
    await insertSlot(t, coachId, TOMORROW);
    const byDefault = await search({ specialization: "Faceoff", zipcode: "10001" });
    expect((byDefault.body as Results).map((c) => c.id)).toEqual([coachId]);
    const narrow = await search({ specialization: "Faceoff", zipcode: "10001", radius: "10" });
    expect(narrow.body).toEqual([]);
  });

  it("is public: a signed-out visitor can search", async () => {
    const res = await request(t.app).get("/api/coaches/search?specialization=Goalie&zipcode=10001");
    expect(res.status).toBe(200);
  });

  it.each([
    [{ zipcode: "10001" }, "Please select a position and enter your zipcode."],
    [{ specialization: "Goalie" }, "Please select a position and enter your zipcode."],
    [{ specialization: "  ", zipcode: "10001" }, "Please select a position and enter your zipcode."],
    [{ specialization: "Goalie", zipcode: "1000" }, "Please enter a valid 5-digit zipcode."],
    [{ specialization: "Goalie", zipcode: "1000a" }, "Please enter a valid 5-digit zipcode."],
    [{ specialization: "Goalie", zipcode: "10001", radius: "30" }, "Please choose a search radius of 10, 25, 50 or 100 miles."],
    [{ specialization: "Goalie", zipcode: "10001", radius: "ten" }, "Please choose a search radius of 10, 25, 50 or 100 miles."],
    [{ specialization: "Goalie", zipcode: "10001", includeUnavailable: "yes" }, "includeUnavailable must be true or false"],
  ])("rejects %j with a clear message", async (query, message) => {
    const res = await search(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("answers 400 for a ZIP that is not in the ZIP data", async () => {
    const res = await search({ specialization: "Goalie", zipcode: "99999" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("We couldn't find that zipcode. Please check it and try again.");
  });
});

describe("GET /api/coaches/search: which slots are bookable", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const slotsOf = async (coachId: number, position: string, zipcode = "10001") => {
    const res = await request(t.app)
      .get("/api/coaches/search")
      .query({ specialization: position, zipcode, radius: "10", includeUnavailable: "true" });
    expect(res.status).toBe(200);
    const coach = (res.body as Results).find((c) => c.id === coachId);
    return coach?.availableSlots.map((s) => s.id) ?? null;
  };

  it("lists only open slots that have not started and have a seat left, in start order", async () => {
    pinClock(t, NOW);
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Defense"] });
    const { userId: studentId } = await insertPlayer(t);
    const { userId: secondStudent } = await insertPlayer(t);

    const later = await insertSlot(t, coachId, "2026-12-03T15:00:00.000Z");
    const open = await insertSlot(t, coachId, TOMORROW);
    await insertSlot(t, coachId, "2026-12-01T13:00:00.000Z"); // past
    await insertSlot(t, coachId, "2026-12-01T14:30:00.000Z", { minutes: 90 }); // started 30 minutes ago
    await insertSlot(t, coachId, "2026-12-02T17:00:00.000Z", { isAvailable: false }); // closed by the coach
    await insertSlot(t, coachId, "2026-12-02T17:30:00.000Z", { minutes: 15, cancelledAt: new Date("2026-12-01T10:00:00.000Z") }); // cancelled session
    const full = await insertSlot(t, coachId, "2026-12-02T18:00:00.000Z");
    await insertBooking(t, { slotId: full, coachId, studentId, status: "confirmed" });
    const held = await insertSlot(t, coachId, "2026-12-02T19:00:00.000Z");
    await insertBooking(t, { slotId: held, coachId, studentId, status: "pending", holdExpiresAt: new Date("2026-12-01T15:10:00.000Z") });
    const expiredHold = await insertSlot(t, coachId, "2026-12-02T20:00:00.000Z");
    await insertBooking(t, {
      slotId: expiredHold,
      coachId,
      studentId,
      status: "pending",
      holdExpiresAt: new Date("2026-12-01T14:50:00.000Z"),
    });
    const cancelled = await insertSlot(t, coachId, "2026-12-02T21:00:00.000Z");
    await insertBooking(t, { slotId: cancelled, coachId, studentId, status: "cancelled" });
    const group = await insertSlot(t, coachId, "2026-12-02T22:00:00.000Z", { isGroup: true, capacity: 2 });
    await insertBooking(t, { slotId: group, coachId, studentId, status: "confirmed" });
    const fullGroup = await insertSlot(t, coachId, "2026-12-02T23:00:00.000Z", { isGroup: true, capacity: 2 });
    await insertBooking(t, { slotId: fullGroup, coachId, studentId, status: "confirmed" });
    await insertBooking(t, { slotId: fullGroup, coachId, studentId: secondStudent, status: "confirmed" });

    expect(await slotsOf(coachId, "Defense")).toEqual([open, expiredHold, cancelled, group, later]);
  });

  it("leaves out a coach whose slots are all taken, past or closed, unless includeUnavailable is true", async () => {
    pinClock(t, NOW);
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Faceoff"] });
    const { userId: studentId } = await insertPlayer(t);
    await insertSlot(t, coachId, "2026-12-01T13:00:00.000Z");
    await insertSlot(t, coachId, TOMORROW, { isAvailable: false });
    const full = await insertSlot(t, coachId, "2026-12-02T18:00:00.000Z");
    await insertBooking(t, { slotId: full, coachId, studentId, status: "confirmed" });

    const open = await request(t.app).get("/api/coaches/search").query({ specialization: "Faceoff", zipcode: "10001" });
    expect(open.body).toEqual([]);
    expect(await slotsOf(coachId, "Faceoff")).toEqual([]);
  });

  it("includes a Los Angeles coach's slot later today there while it is already tomorrow in UTC, and not one that started", async () => {
    // 06:30 UTC on 2 December is 22:30 on 1 December in Los Angeles.
    pinClock(t, "2026-12-02T06:30:00.000Z");
    const { coachId } = await insertCoach(t, { zipcode: "90210", specializations: ["Midfield"] });
    await insertSlot(t, coachId, "2026-12-02T06:00:00.000Z"); // 22:00 LA, started
    const tonight = await insertSlot(t, coachId, "2026-12-02T07:00:00.000Z", { minutes: 45 }); // 23:00 LA

    const res = await request(t.app).get("/api/coaches/search").query({ specialization: "Midfield", zipcode: "90210", radius: "10" });
    const coach = (res.body as Results).find((c) => c.id === coachId)!;
    expect(coach.availableSlots).toEqual([
      expect.objectContaining({ id: tonight, date: "2026-12-01", startTime: "23:00", endTime: "23:45" }),
    ]);
  });

  it("follows the server clock: a slot drops out once the test clock passes its start", async () => {
    // Back to the real clock, which POST /api/test/clock moves.
    delete (t.deps.clock as { now?: unknown }).now;
    const inTwoHours = new Date(Date.now() + 2 * 3600_000);
    inTwoHours.setUTCMinutes(0, 0, 0);
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Goalie"] });
    const slot = await insertSlot(t, coachId, inTwoHours.toISOString());
    expect(await slotsOf(coachId, "Goalie")).toEqual([slot]);

    const moved = await request(t.app).post("/api/test/clock").send({ advanceMinutes: 180 });
    expect(moved.status).toBe(200);
    expect(await slotsOf(coachId, "Goalie")).toEqual([]);
  });

  it(`answers at most ${SEARCH_MAX_COACHES} coaches, the nearest ones`, async () => {
    pinClock(t, NOW);
    const near: number[] = [];
    for (let i = 0; i < SEARCH_MAX_COACHES; i++) {
      const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Wall ball"] });
      await insertSlot(t, coachId, TOMORROW);
      near.push(coachId);
    }
    const far = await insertCoach(t, { zipcode: "11201", specializations: ["wall BALL"] });
    await insertSlot(t, far.coachId, TOMORROW);
    const res = await request(t.app).get("/api/coaches/search").query({ specialization: "Wall Ball", zipcode: "10001", radius: "10" });
    expect((res.body as Results).map((c) => c.id)).toEqual(near);
  });

  it("shows a slot exactly as the coach's slot list does, across a daylight saving change", async () => {
    // New York falls back at 02:00 on 1 November 2026: 05:30 UTC is 01:30 EDT, 06:30 UTC is 01:30 EST.
    pinClock(t, "2026-10-31T12:00:00.000Z");
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Clearing"] });
    await insertSlot(t, coachId, "2026-11-01T05:30:00.000Z", { minutes: 90 });
    await insertSlot(t, coachId, "2026-11-01T06:30:00.000Z");
    await insertSlot(t, coachId, "2026-11-02T03:45:00.000Z", { minutes: 30 });
    const searched = await request(t.app).get("/api/coaches/search").query({ specialization: "Clearing", zipcode: "10001" });
    const listed = await request(t.app).get(`/api/time-slots/${coachId}`);
    expect(listed.status).toBe(200);
    const coach = (searched.body as Results)[0]!;
    // The card's fields of each slot, exactly as the slot list has them.
    const card = (listed.body as TimeSlot[]).map(slotCardOf);
    expect(coach.availableSlots).toEqual(card);
    expect(coach.availableSlots.map((s) => `${s.date} ${s.startTime}-${s.endTime}`)).toEqual([
      "2026-11-01 01:30-02:00",
      "2026-11-01 01:30-02:30",
      "2026-11-01 22:45-23:15",
    ]);
  });

  it("writes each slot's place and kind exactly as the slot list does, whatever the characters", async () => {
    pinClock(t, NOW);
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Riding"] });
    const places = ['He said "here" \\ there', "Line\nbreak\ttab\u0001", "Café ⚽ 🥍", '}{"id":1,', null];
    for (const [i, locationName] of places.entries())
      await insertSlot(t, coachId, new Date(Date.parse(TOMORROW) + i * 3600_000).toISOString(), {
        locationName,
        isGroup: i % 2 === 1,
        capacity: i % 2 === 1 ? 4 : 1,
      });
    const searched = await request(t.app).get("/api/coaches/search").query({ specialization: "Riding", zipcode: "10001" });
    const listed = await request(t.app).get(`/api/time-slots/${coachId}`);
    const card = (listed.body as TimeSlot[]).map(slotCardOf);
    expect((searched.body as Results)[0]!.availableSlots).toEqual(card);
    expect(card.map((s) => s.locationName)).toEqual(places);
    // Each slot's text as JSON.stringify writes it, in the contract's key order.
    for (const { id, date, startTime, endTime, timeZone, isGroup, capacity, locationName } of card)
      expect(searched.text).toContain(JSON.stringify({ id, date, startTime, endTime, timeZone, isGroup, capacity, locationName }));
  });

  it(`lists at most ${SEARCH_SLOTS_PER_COACH} slots per coach, the earliest ones`, async () => {
    pinClock(t, NOW);
    const { coachId } = await insertCoach(t, { zipcode: "10001", specializations: ["Attack"] });
    const created: number[] = [];
    for (let i = 0; i < SEARCH_SLOTS_PER_COACH + 5; i++)
      created.push(await insertSlot(t, coachId, new Date(Date.parse(TOMORROW) + i * 2 * 3600_000).toISOString()));
    expect(await slotsOf(coachId, "Attack")).toEqual(created.slice(0, SEARCH_SLOTS_PER_COACH));
  });
});
