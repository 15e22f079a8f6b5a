import { sql } from "drizzle-orm";
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { SlotMessages } from "@contract/slot-basics";
import { makeCoach, createUser, insertBooking, type SignedInCoach } from "@tests/factories/slot-helpers";
import { pinClock } from "@tests/factories/basics";
import { useTestApp } from "@tests/support/test-app";

// 2031-06-16 00:30 in New York, 2031-06-15 21:30 in Los Angeles.
const NOW = "2031-06-16T04:30:00.000Z";

const t = useTestApp();
beforeEach(() => pinClock(t, NOW));

const api = () => request(t.app);
const slot = (overrides: Record<string, unknown> = {}) => ({ date: "2031-06-20", startTime: "09:00", endTime: "10:00", ...overrides });

async function createSlot(coach: SignedInCoach, body: unknown = slot()) {
  const res = await api()
    .post("/api/time-slots")
    .set("Cookie", coach.cookie)
    .send(body as object);
  if (res.status !== 201) throw new Error(`createSlot failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; date: string; startTime: string; endTime: string };
}

async function slotsOf(coachId: number, query = "", cookie?: string) {
  const res = cookie
    ? await api().get(`/api/time-slots/${coachId}${query}`).set("Cookie", cookie)
    : await api().get(`/api/time-slots/${coachId}${query}`);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>[];
}

async function storedInstants(slotId: number) {
  const result = await t.deps.database.db.execute(
    sql`select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as s, to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as e from time_slots where id = ${slotId}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { s: string; e: string }[];
  return rows[0];
}

describe("creating a time slot", () => {
  it("a coach creates an individual slot and gets it back in their own time zone", async () => {
    const coach = await makeCoach(t);
    const res = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send({
        ...slot(),
        coachId: coach.coachId,
        locationName: "Memorial Field",
        locationNotes: "North gate",
        isGroup: false,
        capacity: 1,
      });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      coachId: coach.coachId,
      date: "2031-06-20",
      startTime: "09:00",
      endTime: "10:00",
      timeZone: "America/New_York",
      status: "available",
      isAvailable: true,
      isGroup: false,
      capacity: 1,
      bookingCount: 0,
      locationName: "Memorial Field",
      locationAddress: null,
      locationLat: null,
      locationLng: null,
      locationNotes: "North gate",
    });
    // 09:00 EDT is 13:00 UTC.
    expect(await storedInstants(res.body.id)).toEqual({ s: "2031-06-20T13:00Z", e: "2031-06-20T14:00Z" });
  });

  it("a group slot keeps its capacity and an individual slot always has capacity 1", async () => {
    const coach = await makeCoach(t);
    const group = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ isGroup: true, capacity: "6", locationAddress: "1 Field Rd", locationLat: 40.7, locationLng: -74 }));
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ isGroup: true, capacity: 6, locationLat: 40.7, locationLng: -74 });
    const single = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ startTime: "11:00", endTime: "12:00", isGroup: false, capacity: 5 }));
    expect(single.status).toBe(201);
    expect(single.body).toMatchObject({ isGroup: false, capacity: 1 });
  });

  it.each([
    ["date missing", { date: undefined }, SlotMessages.REQUIRED, "date"],
    ["empty start", { startTime: "" }, "Please fill in all required fields", "startTime"],
    ["end before start", { startTime: "10:00", endTime: "09:00" }, "End time must be after start time", "endTime"],
    ["end equal to start", { startTime: "10:00", endTime: "10:00" }, "End time must be after start time", "endTime"],
    ["yesterday", { date: "2031-06-15" }, "Cannot create time slots in the past", "date"],
    ["earlier today", { date: "2031-06-16", startTime: "00:15", endTime: "01:00" }, "Cannot create time slots in the past", "date"],
    ["10 minutes long", { startTime: "09:00", endTime: "09:10" }, "Session must be at least 15 minutes long", "endTime"],
    ["8 hours 15 minutes long", { startTime: "08:00", endTime: "16:15" }, "Session cannot be longer than 8 hours", "endTime"],
    ["group of 1", { isGroup: true, capacity: 1 }, "Group sessions must have capacity for at least 2 students", "capacity"],
    ["group of 11", { isGroup: true, capacity: 11 }, "Group sessions cannot exceed 10 students", "capacity"],
    ["off the 15-minute steps", { startTime: "09:05", endTime: "10:05" }, "Times must be on 15-minute steps", "startTime"],
    ["not a date", { date: "2031-02-30" }, SlotMessages.INVALID_DATE, "date"],
    ["not a time", { endTime: "25:00" }, SlotMessages.INVALID_TIME, "endTime"],
    ["capacity not a number", { isGroup: true, capacity: "many" }, "Capacity must be a whole number", "capacity"],
  ])("%s is refused with its message and nothing is created", async (_name, overrides, message, field) => {
    const coach = await makeCoach(t);
    const res = await api().post("/api/time-slots").set("Cookie", coach.cookie).send(slot(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
    expect(await slotsOf(coach.coachId, "?fromDate=2031-01-01")).toEqual([]);
  });

  it("exactly 15 minutes and exactly 8 hours are accepted", async () => {
    const coach = await makeCoach(t);
    await createSlot(coach, slot({ startTime: "06:00", endTime: "06:15" }));
    await createSlot(coach, slot({ startTime: "08:00", endTime: "16:00" }));
    expect(await slotsOf(coach.coachId)).toHaveLength(2);
  });

  it("a signed-out visitor gets 401 Unauthorized", async () => {
    const res = await api().post("/api/time-slots").send(slot());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });

  it("a player cannot create time slots", async () => {
    const player = await createUser(t, "player");
    const res = await api().post("/api/time-slots").set("Cookie", player.cookie).send(slot());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SlotMessages.COACHES_ONLY);
  });

  it("a coach without a profile is told to set it up first", async () => {
    const coachUser = await createUser(t, "coach");
    const res = await api().post("/api/time-slots").set("Cookie", coachUser.cookie).send(slot());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SlotMessages.NO_PROFILE);
  });

  it("a coach cannot create slots in another coach's calendar", async () => {
    const coach = await makeCoach(t);
    const other = await makeCoach(t);
    const res = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ coachId: other.coachId }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You can only manage your own time slots");
    expect(await slotsOf(other.coachId)).toEqual([]);
    expect(await slotsOf(coach.coachId)).toEqual([]);
  });

  it("a slot overlapping another of the coach's slots is refused; touching slots are fine", async () => {
    const coach = await makeCoach(t);
    await createSlot(coach, slot({ startTime: "09:00", endTime: "10:00" }));
    const overlap = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ startTime: "09:45", endTime: "10:45" }));
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe("This time slot overlaps another of your time slots");
    const inside = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ startTime: "09:15", endTime: "09:30" }));
    expect(inside.status).toBe(409);
    await createSlot(coach, slot({ startTime: "10:00", endTime: "11:00" }));
    // Another coach may use the same hour.
    await createSlot(await makeCoach(t), slot({ startTime: "09:00", endTime: "10:00" }));
    expect((await slotsOf(coach.coachId)).map((s) => s.startTime)).toEqual(["09:00", "10:00"]);
  });

  it("of two concurrent creates of overlapping slots exactly one wins", async () => {
    const coach = await makeCoach(t);
    const results = await Promise.all([
      api()
        .post("/api/time-slots")
        .set("Cookie", coach.cookie)
        .send(slot({ startTime: "13:00", endTime: "14:00" })),
      api()
        .post("/api/time-slots")
        .set("Cookie", coach.cookie)
        .send(slot({ startTime: "13:30", endTime: "14:30" })),
      api()
        .post("/api/time-slots")
        .set("Cookie", coach.cookie)
        .send(slot({ startTime: "13:00", endTime: "14:00" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await slotsOf(coach.coachId)).toHaveLength(1);
  });
});

describe("creating several slots at once", () => {
  it("an array of slots is created together", async () => {
    const coach = await makeCoach(t);
    const res = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send([slot(), slot({ date: "2031-06-21" }), slot({ date: "2031-06-22", isGroup: true, capacity: 4 })]);
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(3);
    expect((await slotsOf(coach.coachId)).map((s) => s.date)).toEqual(["2031-06-20", "2031-06-21", "2031-06-22"]);
  });

  it("one bad slot in an array creates none of them and names the bad one", async () => {
    const coach = await makeCoach(t);
    const res = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send([slot(), slot({ date: "2031-06-21", startTime: "10:00", endTime: "09:00" }), slot({ date: "2031-06-22" })]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "End time must be after start time", field: "1.endTime" });
    expect(await slotsOf(coach.coachId)).toEqual([]);
  });

  it("an array whose slots overlap each other or an existing slot creates none of them", async () => {
    const coach = await makeCoach(t);
    const own = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send([slot(), slot({ startTime: "09:30", endTime: "10:30" })]);
    expect(own.status).toBe(409);
    await createSlot(coach, slot({ date: "2031-06-25" }));
    const existing = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send([slot({ date: "2031-06-24" }), slot({ date: "2031-06-25", startTime: "09:30", endTime: "10:30" })]);
    expect(existing.status).toBe(409);
    expect((await slotsOf(coach.coachId)).map((s) => s.date)).toEqual(["2031-06-25"]);
  });

  it("an empty array is refused", async () => {
    const coach = await makeCoach(t);
    const res = await api().post("/api/time-slots").set("Cookie", coach.cookie).send([]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SlotMessages.REQUIRED);
  });
});

describe("reading time slots", () => {
  it("anyone, signed in or not, sees a coach's slots from today in the coach's zone, in order", async () => {
    const coach = await makeCoach(t);
    await createSlot(coach, slot({ date: "2031-06-22" }));
    await createSlot(coach, slot({ date: "2031-06-16", startTime: "18:00", endTime: "19:00" }));
    pinClock(t, "2031-06-21T12:00:00Z");
    const player = await createUser(t);
    const signedIn = await api().get(`/api/time-slots/${coach.coachId}`).set("Cookie", player.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.map((s: { date: string }) => s.date)).toEqual(["2031-06-22"]);
    expect(signedIn.body[0]).not.toHaveProperty("bookingCount");
    const all = await slotsOf(coach.coachId, "?fromDate=2031-06-01");
    expect(all.map((s) => s.date)).toEqual(["2031-06-16", "2031-06-22"]);
  });

  it("bookingCount counts confirmed and completed bookings and pending ones whose hold has not expired", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach, slot({ isGroup: true, capacity: 10 }));
    const now = new Date(NOW).getTime();
    for (const [status, holdMinutes] of [
      ["confirmed", undefined],
      ["pending", 10],
      ["pending", -1],
      ["cancelled", undefined],
      ["completed", undefined],
    ] as const) {
      const student = await createUser(t);
      await insertBooking(t, {
        slotId: created.id,
        coachId: coach.coachId,
        studentId: student.userId,
        status,
        holdExpiresAt: holdMinutes === undefined ? undefined : new Date(now + holdMinutes * 60_000),
      });
    }
    // The counts are the coach's own (DESIGN.md 12).
    const [listed] = await slotsOf(coach.coachId, "?includeBookingCounts=true", coach.cookie);
    expect(listed).toMatchObject({ id: created.id, bookingCount: 3 });
    const single = await api().get(`/api/time-slots/single/${created.id}`);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ id: created.id, coachId: coach.coachId, date: "2031-06-20", bookingCount: 3 });
  });

  it("an unknown coach or slot is 404 and a bad fromDate is 400", async () => {
    expect((await api().get("/api/time-slots/999999")).status).toBe(404);
    expect((await api().get("/api/time-slots/single/999999")).status).toBe(404);
    expect((await api().get("/api/time-slots/single/abc")).status).toBe(404);
    const coach = await makeCoach(t);
    const bad = await api().get(`/api/time-slots/${coach.coachId}?fromDate=06/20/2031`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(SlotMessages.INVALID_DATE);
  });
});

describe("editing a time slot", () => {
  it("the owner moves a slot and changes its place; fields not sent stay", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach, slot({ locationName: "Field A", locationNotes: "Gate 2" }));
    const res = await api()
      .put(`/api/time-slots/${created.id}`)
      .set("Cookie", coach.cookie)
      .send({ date: "2031-06-23", startTime: "14:15", endTime: "15:15", locationName: "Field B" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: "2031-06-23",
      startTime: "14:15",
      endTime: "15:15",
      locationName: "Field B",
      locationNotes: "Gate 2",
    });
    const single = await api().get(`/api/time-slots/single/${created.id}`);
    expect(single.body).toMatchObject({ date: "2031-06-23", startTime: "14:15", locationName: "Field B" });
  });

  it("an edit is checked with the same rules and messages", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    const put = (body: object) => api().put(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie).send(body);
    expect((await put({ endTime: "08:00" })).body.message).toBe("End time must be after start time");
    expect((await put({ date: "2031-06-15" })).body.message).toBe("Cannot create time slots in the past");
    expect((await put({ endTime: "18:00" })).body.message).toBe("Session cannot be longer than 8 hours");
    expect((await put({ isGroup: true })).body.message).toBe("Group sessions must have capacity for at least 2 students");
    const group = await put({ isGroup: true, capacity: 3 });
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ isGroup: true, capacity: 3, startTime: "09:00" });
    await createSlot(coach, slot({ startTime: "11:00", endTime: "12:00" }));
    const overlap = await put({ endTime: "11:30" });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(SlotMessages.OVERLAP);
  });

  it("a slot whose time has passed can still get a new location, but not a past time", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach, slot({ date: "2031-06-16", startTime: "10:00", endTime: "11:00" }));
    pinClock(t, "2031-06-16T16:00:00Z");
    const place = await api().put(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie).send({ locationName: "Indoor dome" });
    expect(place.status).toBe(200);
    const time = await api().put(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie).send({ startTime: "09:00" });
    expect(time.status).toBe(400);
    expect(time.body.message).toBe("Cannot create time slots in the past");
  });

  it("a slot with an active booking cannot be edited; an expired hold does not block", async () => {
    const coach = await makeCoach(t);
    const booked = await createSlot(coach);
    const student = await createUser(t);
    await insertBooking(t, { slotId: booked.id, coachId: coach.coachId, studentId: student.userId, status: "confirmed" });
    const res = await api().put(`/api/time-slots/${booked.id}`).set("Cookie", coach.cookie).send({ startTime: "09:30" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Only available time slots can be edited");

    const held = await createSlot(coach, slot({ date: "2031-06-21" }));
    await insertBooking(t, {
      slotId: held.id,
      coachId: coach.coachId,
      studentId: student.userId,
      status: "pending",
      holdExpiresAt: new Date(new Date(NOW).getTime() + 5 * 60_000),
    });
    expect((await api().put(`/api/time-slots/${held.id}`).set("Cookie", coach.cookie).send({ locationName: "X" })).status).toBe(409);
    pinClock(t, new Date(new Date(NOW).getTime() + 6 * 60_000).toISOString());
    expect((await api().put(`/api/time-slots/${held.id}`).set("Cookie", coach.cookie).send({ locationName: "X" })).status).toBe(200);
  });

  it("an unavailable slot cannot be edited", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    await t.deps.database.db.execute(sql`update time_slots set is_available = false where id = ${created.id}`);
    const res = await api().put(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie).send({ locationName: "X" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SlotMessages.NOT_EDITABLE);
  });

  it("only the owner may edit: other coach 403, player 403, signed out 401, unknown 404", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    const other = await makeCoach(t);
    const player = await createUser(t);
    const byOther = await api().put(`/api/time-slots/${created.id}`).set("Cookie", other.cookie).send({ locationName: "Mine now" });
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(SlotMessages.NOT_OWNER);
    expect((await api().put(`/api/time-slots/${created.id}`).set("Cookie", player.cookie).send({})).status).toBe(403);
    expect((await api().put(`/api/time-slots/${created.id}`).send({})).status).toBe(401);
    expect((await api().put(`/api/time-slots/999999`).set("Cookie", coach.cookie).send({})).status).toBe(404);
    expect((await api().get(`/api/time-slots/single/${created.id}`)).body.locationName).toBeNull();
  });
});

describe("deleting a time slot", () => {
  it("the owner deletes a slot nobody booked", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    const res = await api().delete(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie);
    expect(res.status).toBe(200);
    expect((await api().get(`/api/time-slots/single/${created.id}`)).status).toBe(404);
    expect(await slotsOf(coach.coachId)).toEqual([]);
  });

  it("a slot with a booking cannot be deleted", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    const student = await createUser(t);
    await insertBooking(t, { slotId: created.id, coachId: coach.coachId, studentId: student.userId, status: "confirmed" });
    const res = await api().delete(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot delete a time slot that has bookings");
    expect((await api().get(`/api/time-slots/single/${created.id}`)).status).toBe(200);
  });

  it("a slot whose only bookings are expired holds that never took money can be deleted", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    const student = await createUser(t);
    await insertBooking(t, { slotId: created.id, coachId: coach.coachId, studentId: student.userId, status: "cancelled" });
    const res = await api().delete(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie);
    expect(res.status).toBe(200);
    expect((await api().get(`/api/time-slots/single/${created.id}`)).status).toBe(404);
  });

  it("a slot whose bookings were all cancelled and refunded is closed: off the list, nobody can book it, its payment history whole (issue 28)", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    const student = await createUser(t);
    await insertBooking(t, {
      slotId: created.id,
      coachId: coach.coachId,
      studentId: student.userId,
      status: "cancelled",
      paymentStatus: "refunded",
    });
    const res = await api().delete(`/api/time-slots/${created.id}`).set("Cookie", coach.cookie);
    expect(res.status).toBe(200);
    // The row stays (the refund points at it), closed: cancelled and off the coach's list.
    const kept = await api().get(`/api/time-slots/single/${created.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: "cancelled", isAvailable: false });
    const list = await api().get(`/api/time-slots/${coach.coachId}?includeBookingCounts=true`).set("Cookie", coach.cookie);
    expect(list.body.map((s: { id: number }) => s.id)).not.toContain(created.id);
  });

  it("only the owner may delete: other coach 403, player 403, signed out 401, unknown 404", async () => {
    const coach = await makeCoach(t);
    const created = await createSlot(coach);
    const other = await makeCoach(t);
    const player = await createUser(t);
    const byOther = await api().delete(`/api/time-slots/${created.id}`).set("Cookie", other.cookie);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(SlotMessages.NOT_OWNER);
    expect((await api().delete(`/api/time-slots/${created.id}`).set("Cookie", player.cookie)).status).toBe(403);
    expect((await api().delete(`/api/time-slots/${created.id}`)).status).toBe(401);
    expect((await api().delete(`/api/time-slots/999999`).set("Cookie", coach.cookie)).status).toBe(404);
    expect((await api().get(`/api/time-slots/single/${created.id}`)).status).toBe(200);
  });
});

describe("time zones", () => {
  it("a Los Angeles coach adds a slot late tonight while it is already tomorrow in UTC", async () => {
    const coach = await makeCoach(t, { timeZone: "America/Los_Angeles" });
    // Now: 2031-06-15 21:30 in Los Angeles, 2031-06-16 04:30 UTC.
    const created = await createSlot(coach, slot({ date: "2031-06-15", startTime: "22:00", endTime: "23:00" }));
    expect(created).toMatchObject({ date: "2031-06-15", startTime: "22:00", endTime: "23:00" });
    expect(await storedInstants(created.id)).toEqual({ s: "2031-06-16T05:00Z", e: "2031-06-16T06:00Z" });
    // "Today" for the listing is the coach's today, so tonight's slot is in it.
    expect((await slotsOf(coach.coachId)).map((s) => s.date)).toEqual(["2031-06-15"]);
  });

  it("a Los Angeles coach cannot add a slot earlier today that has already passed", async () => {
    const coach = await makeCoach(t, { timeZone: "America/Los_Angeles" });
    const res = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ date: "2031-06-15", startTime: "20:00", endTime: "21:00" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Cannot create time slots in the past");
  });

  it("a slot starting in the current minute is accepted, one a quarter hour earlier is not", async () => {
    const coach = await makeCoach(t, { timeZone: "America/Los_Angeles" });
    pinClock(t, "2031-06-16T04:30:40Z");
    await createSlot(coach, slot({ date: "2031-06-15", startTime: "21:30", endTime: "22:00" }));
    const res = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ date: "2031-06-15", startTime: "21:15", endTime: "21:30" }));
    expect(res.body.message).toBe("Cannot create time slots in the past");
  });

  it("a time skipped when daylight saving time starts is refused; a slot across the change keeps its wall-clock times", async () => {
    const coach = await makeCoach(t, { timeZone: "America/Los_Angeles" });
    const skipped = await api()
      .post("/api/time-slots")
      .set("Cookie", coach.cookie)
      .send(slot({ date: "2032-03-14", startTime: "02:00", endTime: "03:00" }));
    expect(skipped.status).toBe(400);
    expect(skipped.body).toMatchObject({ message: SlotMessages.NONEXISTENT_TIME, field: "startTime" });
    const across = await createSlot(coach, slot({ date: "2032-03-14", startTime: "01:00", endTime: "04:00" }));
    expect(across).toMatchObject({ date: "2032-03-14", startTime: "01:00", endTime: "04:00" });
    // 01:00 PST to 04:00 PDT: two real hours.
    expect(await storedInstants(across.id)).toEqual({ s: "2032-03-14T09:00Z", e: "2032-03-14T11:00Z" });
  });

  it("a slot across the end of daylight saving time keeps its wall-clock times", async () => {
    const coach = await makeCoach(t, { timeZone: "America/Los_Angeles" });
    const across = await createSlot(coach, slot({ date: "2032-11-07", startTime: "00:30", endTime: "02:30" }));
    expect(across).toMatchObject({ date: "2032-11-07", startTime: "00:30", endTime: "02:30" });
    // 00:30 PDT to 02:30 PST: three real hours.
    expect(await storedInstants(across.id)).toEqual({ s: "2032-11-07T07:30Z", e: "2032-11-07T10:30Z" });
    const listed = await slotsOf(coach.coachId, "?fromDate=2032-11-07");
    expect(listed.map((s) => [s.date, s.startTime, s.endTime])).toEqual([["2032-11-07", "00:30", "02:30"]]);
  });

  it("fromDate is a date in the coach's zone", async () => {
    const coach = await makeCoach(t, { timeZone: "Pacific/Honolulu" });
    // 23:00 in Honolulu on the 20th is 09:00 UTC on the 21st.
    await createSlot(coach, slot({ date: "2031-06-20", startTime: "23:00", endTime: "23:45" }));
    expect((await slotsOf(coach.coachId, "?fromDate=2031-06-21")).length).toBe(0);
    expect((await slotsOf(coach.coachId, "?fromDate=2031-06-20")).map((s) => s.date)).toEqual(["2031-06-20"]);
  });
});

describe("slot addresses", () => {
  const deps = () => t.deps;
  let original: typeof t.deps.geocoder;
  beforeEach(() => {
    original = t.deps.geocoder;
  });

  it("an address without coordinates is geocoded; coordinates that were sent are kept", async () => {
    const asked: string[] = [];
    deps().geocoder = {
      geocode: async (address) => {
        asked.push(address);
        return { latitude: 34.07, longitude: -118.4 };
      },
    };
    try {
      const coach = await makeCoach(t);
      const geocoded = await createSlot(coach, slot({ locationAddress: "9100 Wilshire Blvd, Beverly Hills" }));
      expect(geocoded).toMatchObject({ locationLat: 34.07, locationLng: -118.4 });
      const given = await createSlot(
        coach,
        slot({ startTime: "11:00", endTime: "12:00", locationAddress: "Elsewhere", locationLat: 1, locationLng: 2 }),
      );
      expect(given).toMatchObject({ locationLat: 1, locationLng: 2 });
      expect(asked).toEqual(["9100 Wilshire Blvd, Beverly Hills"]);
    } finally {
      deps().geocoder = original;
    }
  });

  it("a geocoder failure only leaves the slot without coordinates", async () => {
    deps().geocoder = {
      geocode: async () => {
        throw new Error("geocoder down");
      },
    };
    try {
      const coach = await makeCoach(t);
      const created = await createSlot(coach, slot({ locationAddress: "Unknown Rd" }));
      expect(created).toMatchObject({ locationAddress: "Unknown Rd", locationLat: null, locationLng: null });
    } finally {
      deps().geocoder = original;
    }
  });
});
