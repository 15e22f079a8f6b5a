import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addWeeksToDate } from "../../src/contract/slots";
import { bookings, timeSlots } from "../../src/server/db/schema/index";
import { createBookableCoach, createPerson, get, post } from "../factories/bookings";
import { GOOD_CARD } from "../factories/paid-booking";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;
/** A date some days after the server clock's (UTC) date: in the future in every US zone. */
const daysAhead = (days: number) => new Date(t.deps.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
const TUESDAY_5PM = { startTime: "17:00", endTime: "18:00", locationName: "Memorial Field" };

describe("weekly series of slots", () => {
  it("repeatWeeks makes that many weekly slots with one seriesId, skipping and naming the weeks that overlap", async () => {
    const coach = await createBookableCoach(t);
    const date = daysAhead(3);
    const blocker = await post(t, "/api/time-slots", coach.cookie, {
      ...TUESDAY_5PM,
      date: addWeeksToDate(date, 2),
      startTime: "17:30",
      endTime: "18:30",
    });
    expect(blocker.status).toBe(201);
    expect(blocker.body).toMatchObject({ id: expect.any(Number), date: addWeeksToDate(date, 2) });
    expect(blocker.body.seriesId).toBeUndefined();

    const res = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date, repeatWeeks: 8 });
    expect(res.status).toBe(201);
    expect(res.body.skipped).toEqual([addWeeksToDate(date, 2)]);
    expect(res.body.slots).toHaveLength(7);
    const seriesIds = new Set(res.body.slots.map((s: { seriesId: string }) => s.seriesId));
    expect(seriesIds.size).toBe(1);
    expect(res.body.slots.map((s: { date: string; startTime: string }) => [s.date, s.startTime])[0]).toEqual([date, "17:00"]);
    expect(res.body.slots.map((s: { date: string }) => s.date)).toEqual([0, 1, 3, 4, 5, 6, 7].map((w) => addWeeksToDate(date, w)));

    for (const repeatWeeks of [0, 27, 2.5]) {
      const bad = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(60), repeatWeeks });
      expect(bad.status).toBe(400);
    }
  });

  it("DELETE ?scope=following removes that week and the later open ones, keeping earlier and booked weeks", async () => {
    const coach = await createBookableCoach(t);
    const res = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(4), repeatWeeks: 5 });
    const ids = res.body.slots.map((s: { id: number }) => s.id) as number[];
    const player = await createPerson(t);
    const held = await post(t, "/api/bookings", player.cookie, {
      timeSlotId: ids[3],
      rateId: coach.rates.individual60,
      sessionType: "individual",
      duration: 60,
    });
    expect(held.status).toBe(201);
    const removed = await request(t.app)
      .delete(`/api/time-slots/${ids[1]}?scope=following`)
      .set("Cookie", coach.cookie)
      .set("Content-Type", "application/json")
      .send({});
    expect(removed.status).toBe(200);
    expect(removed.body.removedSlotIds).toEqual([ids[1], ids[2], ids[4]]);
    const left = await db().select({ id: timeSlots.id }).from(timeSlots).where(eq(timeSlots.seriesId, res.body.slots[0].seriesId));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids[0], ids[3]]);
  });
});

describe("POST /api/bookings/series", () => {
  it("with credits: books the open weeks, one credit each, and names the full ones; each week cancels alone", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await post(t, "/api/packages", coach.cookie, {
      title: "Ten",
      sessionType: "individual",
      duration: 60,
      sessionCount: 10,
      price: "700",
      validDays: 180,
    });
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(5), repeatWeeks: 6 });
    const ids = series.body.slots.map((s: { id: number }) => s.id) as number[];
    const other = await createPerson(t);
    await post(t, "/api/bookings", other.cookie, {
      timeSlotId: ids[2],
      rateId: coach.rates.individual60,
      sessionType: "individual",
      duration: 60,
    });

    const player = await createPerson(t);
    const started = await post(t, `/api/packages/${pkg.body.id}/purchase`, player.cookie, {});
    await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: started.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });

    const res = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: ids[0], weeks: 4, payWith: "credit" });
    expect(res.status).toBe(201);
    expect(res.body.skipped).toEqual([series.body.slots[2].date]);
    expect(
      res.body.bookings.map((b: { timeSlotId: number; status: string; paidWith: string }) => [b.timeSlotId, b.status, b.paidWith]),
    ).toEqual([
      [ids[0], "confirmed", "credit"],
      [ids[1], "confirmed", "credit"],
      [ids[3], "confirmed", "credit"],
    ]);
    expect(res.body.bookings[0].seriesId).toBe(series.body.slots[0].seriesId);
    expect((await get(t, "/api/credits", player.cookie)).body[0]).toMatchObject({ remaining: 7 });

    const cancelled = await request(t.app)
      .delete(`/api/bookings/${res.body.bookings[1].id}`)
      .set("Cookie", player.cookie)
      .set("Content-Type", "application/json")
      .send({});
    expect(cancelled.status).toBe(200);
    expect((await get(t, "/api/credits", player.cookie)).body[0]).toMatchObject({ remaining: 8 });
    const rows = await db().select().from(bookings).where(eq(bookings.studentId, player.userId));
    expect(rows.filter((b) => b.status === "confirmed")).toHaveLength(2);
  });

  it("without enough credits nothing is booked; by card every open week is held for one checkout", async () => {
    const coach = await createBookableCoach(t);
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(6), repeatWeeks: 3 });
    const ids = series.body.slots.map((s: { id: number }) => s.id) as number[];
    const player = await createPerson(t);
    const noCredit = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: ids[0], weeks: 3, payWith: "credit" });
    expect(noCredit.status).toBe(409);
    expect(await db().select().from(bookings).where(eq(bookings.studentId, player.userId))).toEqual([]);

    const byCard = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: ids[0], weeks: 3, payWith: "card" });
    expect(byCard.status).toBe(201);
    expect(byCard.body).toMatchObject({ skipped: [], bookingIds: ids.map(() => expect.any(Number)), totalAmount: "293.25" });
    expect(byCard.body.bookings.map((b: { status: string }) => b.status)).toEqual(["pending", "pending", "pending"]);
    const coachRole = await post(t, "/api/bookings/series", coach.cookie, { timeSlotId: ids[0], weeks: 3, payWith: "card" });
    expect(coachRole.status).toBe(403);
    expect((await post(t, "/api/bookings/series", player.cookie, { timeSlotId: ids[0], weeks: 27 })).status).toBe(400);
  });
});
