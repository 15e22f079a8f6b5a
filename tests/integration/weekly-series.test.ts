import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { addWeeksToDate } from "@contract/slot-basics";
import { LimitMessages } from "@contract/limits";
import { bookings, timeSlots } from "@server/db/schema/index";
import { bookSlot, createBookableCoach, createPerson, get, post, requestBooking } from "@tests/factories/bookings";
import { buyPackage, createPackage, FIVE_PACK } from "@tests/factories/packages";
import { GOOD_CARD } from "@tests/factories/paid-booking";
import { attachedCalendar, parseCalendar } from "@tests/support/ics";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

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
    const held = await requestBooking(t, player, coach, ids[3]!);
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
    const pkg = await createPackage(t, coach, { ...FIVE_PACK, title: "Ten", sessionCount: 10, price: "700", validDays: 180 });
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(5), repeatWeeks: 6 });
    const ids = series.body.slots.map((s: { id: number }) => s.id) as number[];
    const other = await createPerson(t);
    await bookSlot(t, other, coach, ids[2]!);

    const player = await createPerson(t);
    await buyPackage(t, player, pkg.id);

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

describe("a series by card: one checkout", () => {
  it("answers the payment fields of create-payment-intent; one card payment confirms every week, each then cancels alone", async () => {
    const coach = await createBookableCoach(t);
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(7), repeatWeeks: 4 });
    const ids = series.body.slots.map((s: { id: number }) => s.id) as number[];
    const other = await createPerson(t);
    await bookSlot(t, other, coach, ids[1]!);
    const player = await createPerson(t);

    const res = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: ids[0], weeks: 4, payWith: "card" });
    expect(res.status).toBe(201);
    // Three open weeks of $85.00 + 15% fee: 3 x 97.75.
    expect(res.body).toMatchObject({
      skipped: [series.body.slots[1].date],
      totalAmount: "293.25",
      paymentIntentId: expect.any(String),
      clientSecret: expect.any(String),
      provider: "simulated",
    });
    expect(res.body.bookingIds).toEqual(res.body.bookings.map((b: { id: number }) => b.id));
    // The checkout page asks again: the same payment, not a second one.
    const again = await post(t, "/api/create-payment-intent", player.cookie, { bookingIds: res.body.bookingIds });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ paymentIntentId: res.body.paymentIntentId, totalAmount: "293.25", bookingIds: res.body.bookingIds });
    // A tip on one week would break the one payment's sum: refused, and nothing changes.
    const tip = await post(t, "/api/update-payment-intent", player.cookie, { bookingId: res.body.bookingIds[0], tipAmount: "5" });
    expect(tip.status).toBe(409);

    const paid = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: res.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    const rows = await db().select().from(bookings).where(eq(bookings.studentId, player.userId));
    expect(rows.map((b) => [b.timeSlotId, b.status, b.totalCents]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [ids[0], "confirmed", 9775],
      [ids[2], "confirmed", 9775],
      [ids[3], "confirmed", 9775],
    ]);

    // Each week is an ordinary booking: cancelled alone (24 h ahead), its own share refunded.
    const cancelled = await request(t.app)
      .delete(`/api/bookings/${res.body.bookingIds[1]}`)
      .set("Cookie", player.cookie)
      .set("Content-Type", "application/json")
      .send({});
    expect(cancelled.status).toBe(200);
    const after = await db().select().from(bookings).where(eq(bookings.studentId, player.userId));
    expect(after.filter((b) => b.status === "confirmed").map((b) => b.id)).toEqual(
      [res.body.bookingIds[0], res.body.bookingIds[2]].sort((a: number, b: number) => a - b),
    );
  });

  it("with credits the answer has no payment fields", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach, { ...FIVE_PACK, title: "Two", sessionCount: 2, price: "150", validDays: 60 });
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(8), repeatWeeks: 2 });
    const player = await createPerson(t);
    await buyPackage(t, player, pkg.id);
    const res = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: series.body.slots[0].id, weeks: 2, payWith: "credit" });
    expect(res.status).toBe(201);
    expect(res.body.bookings).toHaveLength(2);
    expect(res.body.paymentIntentId).toBeUndefined();
    expect(res.body.clientSecret).toBeUndefined();
  });
});

describe("GET /api/bookings/series/preview", () => {
  it("names each week open, full or already the athlete's before anything is held", async () => {
    const coach = await createBookableCoach(t);
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(9), repeatWeeks: 5 });
    const slots = series.body.slots as { id: number; date: string }[];
    const other = await createPerson(t);
    await bookSlot(t, other, coach, slots[1]!.id);
    const player = await createPerson(t);
    await bookSlot(t, player, coach, slots[3]!.id);

    const preview = await get(t, `/api/bookings/series/preview?timeSlotId=${slots[0]!.id}&weeks=4`, player.cookie);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ seriesId: expect.any(String), open: 2, timeZone: expect.any(String) });
    expect(preview.body.weeks).toEqual([
      { timeSlotId: slots[0]!.id, date: slots[0]!.date, startTime: "17:00", endTime: "18:00", state: "open" },
      { timeSlotId: slots[1]!.id, date: slots[1]!.date, startTime: "17:00", endTime: "18:00", state: "full" },
      { timeSlotId: slots[2]!.id, date: slots[2]!.date, startTime: "17:00", endTime: "18:00", state: "open" },
      { timeSlotId: slots[3]!.id, date: slots[3]!.date, startTime: "17:00", endTime: "18:00", state: "booked" },
    ]);
    // Without `weeks`: every later week of the series; from a later week, that week first.
    const all = await get(t, `/api/bookings/series/preview?timeSlotId=${slots[2]!.id}`, player.cookie);
    expect(all.body.weeks.map((w: { timeSlotId: number }) => w.timeSlotId)).toEqual([slots[2]!.id, slots[3]!.id, slots[4]!.id]);
    // Nothing was held by looking.
    const held = await db().select().from(bookings).where(eq(bookings.studentId, player.userId));
    expect(held).toHaveLength(1);

    expect((await get(t, `/api/bookings/series/preview?timeSlotId=${slots[0]!.id}`, coach.cookie)).status).toBe(403);
    expect((await request(t.app).get(`/api/bookings/series/preview?timeSlotId=${slots[0]!.id}`)).status).toBe(401);
    expect((await get(t, `/api/bookings/series/preview?timeSlotId=999999999`, player.cookie)).status).toBe(404);
    expect((await get(t, `/api/bookings/series/preview?timeSlotId=abc`, player.cookie)).status).toBe(400);
    expect((await get(t, `/api/bookings/series/preview?timeSlotId=${slots[0]!.id}&weeks=27`, player.cookie)).status).toBe(400);
    expect((await get(t, `/api/bookings/series/preview?timeSlotId=${slots[0]!.id}&duration=45`, player.cookie)).status).toBe(400);
  });
});

describe("a series in calendars", () => {
  it("each week is its own invitation and its own event of the feed", async () => {
    const coach = await createBookableCoach(t);
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(10), repeatWeeks: 3 });
    const player = await createPerson(t);
    const res = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: series.body.slots[0].id, weeks: 3, payWith: "card" });
    await post(t, "/api/payments/simulated/confirm", player.cookie, { paymentIntentId: res.body.paymentIntentId, cardNumber: GOOD_CARD });
    const ids = res.body.bookingIds as number[];

    const invitations = t
      .outbox()
      .filter((m) => m.channel === "email" && m.recipient === player.email)
      .map(attachedCalendar)
      .filter((c) => c?.method === "REQUEST")
      .flatMap((c) => c!.events.map((e) => e.uid));
    expect(invitations.sort()).toEqual(ids.map((id) => `booking-${id}@localhost`).sort());

    const token = (await get(t, "/api/calendar/token", player.cookie)).body.token as string;
    const feed = parseCalendar((await request(t.app).get("/api/calendar.ics").query({ token })).text);
    expect(feed.events.map((e) => e.uid)).toEqual(ids.map((id) => `booking-${id}@localhost`));
    const starts = feed.events.map((e) => e.startsAt.getTime());
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
    expect(feed.events.every((e) => e.localStart === "17:00")).toBe(true);
  });
});

describe("an unpaid series and the hold caps (DESIGN.md 12)", () => {
  const seriesFrom = (address: string, person: { cookie: string }, timeSlotId: number, weeks = 26) =>
    request(t.app)
      .post("/api/bookings/series")
      .set("Cookie", person.cookie)
      .set("X-Forwarded-For", address)
      .send({ timeSlotId, weeks, payWith: "card" });
  const holdFrom = (address: string, person: { cookie: string }, coach: { rates: { individual60: number } }, timeSlotId: number) =>
    request(t.app)
      .post("/api/bookings")
      .set("Cookie", person.cookie)
      .set("X-Forwarded-For", address)
      .send({ timeSlotId, rateId: coach.rates.individual60, sessionType: "individual", duration: 60 });

  it("26 weeks held unpaid are one hold toward the player's cap and the address's cap, not 26", async () => {
    const coach = await createBookableCoach(t);
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(11), repeatWeeks: 26 });
    expect(series.body.slots).toHaveLength(26);
    const singles = [];
    for (let day = 0; day < 12; day++) {
      const slot = await post(t, "/api/time-slots", coach.cookie, { startTime: "09:00", endTime: "10:00", date: daysAhead(12 + day) });
      singles.push(slot.body.id as number);
    }
    const address = "198.51.100.42";
    const player = await createPerson(t);

    const held = await seriesFrom(address, player, series.body.slots[0].id);
    expect(held.status).toBe(201);
    expect(held.body.bookingIds).toHaveLength(26);
    // The series is one of the player's five holds: four more seats, then the cap.
    for (const slotId of singles.slice(0, 4)) expect((await holdFrom(address, player, coach, slotId)).status).toBe(201);
    const fifth = await holdFrom(address, player, coach, singles[4]!);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(LimitMessages.TOO_MANY_HOLDS);

    // The series is one of the ten holds of this coach's seats from the address: 1 + 4 + 5 = 10, then the cap.
    const neighbour = await createPerson(t);
    for (const slotId of singles.slice(5, 10)) expect((await holdFrom(address, neighbour, coach, slotId)).status).toBe(201);
    const third = await createPerson(t);
    const eleventh = await holdFrom(address, third, coach, singles[10]!);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(LimitMessages.TOO_MANY_HOLDS_FROM_ADDRESS);
    expect(await db().select().from(bookings).where(eq(bookings.studentId, third.userId))).toEqual([]);
  });

  it("a family holds one unpaid series at a time, an address one unpaid series of a coach; paid or expired, the next may go", async () => {
    const coach = await createBookableCoach(t);
    const otherCoach = await createBookableCoach(t);
    const first = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(13), repeatWeeks: 4 });
    const second = await post(t, "/api/time-slots", coach.cookie, {
      ...TUESDAY_5PM,
      startTime: "19:00",
      endTime: "20:00",
      date: daysAhead(13),
      repeatWeeks: 4,
    });
    const elsewhere = await post(t, "/api/time-slots", otherCoach.cookie, { ...TUESDAY_5PM, date: daysAhead(13), repeatWeeks: 4 });
    const family = await createPerson(t);
    const home = "198.51.100.77";

    const held = await seriesFrom(home, family, first.body.slots[0].id, 4);
    expect(held.status).toBe(201);
    // The same family, another coach and another network: still one unpaid series per family.
    const again = await seriesFrom("198.51.100.78", family, elsewhere.body.slots[0].id, 4);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: "RATE_LIMITED", message: LimitMessages.UNPAID_SERIES_IN_FAMILY });
    expect(await db().select().from(bookings).where(eq(bookings.studentId, family.userId))).toHaveLength(4);

    // Another family on the same network: not a second unpaid series of this coach, but one of another coach.
    const neighbour = await createPerson(t);
    const sameCoach = await seriesFrom(home, neighbour, second.body.slots[0].id, 4);
    expect(sameCoach.status).toBe(429);
    expect(sameCoach.body.message).toBe(LimitMessages.UNPAID_SERIES_FROM_ADDRESS);
    expect(await db().select().from(bookings).where(eq(bookings.studentId, neighbour.userId))).toEqual([]);
    expect((await seriesFrom(home, neighbour, elsewhere.body.slots[0].id, 4)).status).toBe(201);
    // Single sessions are not series: they still go.
    expect((await holdFrom(home, family, coach, second.body.slots[0].id)).status).toBe(201);

    // Paid, the family's series is no longer unpaid: the next one may be held.
    const paid = await post(t, "/api/payments/simulated/confirm", family.cookie, {
      paymentIntentId: held.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    expect((await seriesFrom(home, family, second.body.slots[1].id, 3)).status).toBe(201);

    // Expired, the neighbour's series frees the way too.
    await t.agent().post("/api/test/clock").send({ advanceMinutes: 16 }).expect(200);
    const fresh = await post(t, "/api/time-slots", otherCoach.cookie, {
      ...TUESDAY_5PM,
      startTime: "07:00",
      endTime: "08:00",
      date: daysAhead(14),
      repeatWeeks: 2,
    });
    expect((await seriesFrom(home, neighbour, fresh.body.slots[0].id, 2)).status).toBe(201);
  });
});

describe("a 26-week series by card: one checkout end to end", () => {
  it("holds 26 weeks, opens the checkout page's payment for all of them, and one simulated card payment confirms every week", async () => {
    const coach = await createBookableCoach(t);
    const series = await post(t, "/api/time-slots", coach.cookie, {
      ...TUESDAY_5PM,
      startTime: "15:00",
      endTime: "16:00",
      date: daysAhead(15),
      repeatWeeks: 26,
    });
    expect(series.body.slots).toHaveLength(26);
    const player = await createPerson(t);

    const held = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: series.body.slots[0].id, weeks: 26, payWith: "card" });
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ skipped: [], totalAmount: "2541.50", provider: "simulated" });
    expect(held.body.bookingIds).toHaveLength(26);
    // The checkout page asks create-payment-intent for all 26 (its ?bookingIds=): the same one payment.
    const checkout = await post(t, "/api/create-payment-intent", player.cookie, { bookingIds: held.body.bookingIds });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({
      paymentIntentId: held.body.paymentIntentId,
      totalAmount: "2541.50",
      bookingIds: held.body.bookingIds,
    });
    // More than a series is still refused, and holds nothing more.
    const tooMany = await post(t, "/api/create-payment-intent", player.cookie, { bookingIds: [...held.body.bookingIds, 999999] });
    expect(tooMany.status).toBe(400);

    const paid = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: checkout.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    const rows = await db().select().from(bookings).where(eq(bookings.studentId, player.userId));
    expect(rows).toHaveLength(26);
    expect(rows.every((b) => b.status === "confirmed" && b.paymentStatus === "completed" && b.totalCents === 9775)).toBe(true);
    expect(new Set(rows.map((b) => b.timeSlotId))).toEqual(new Set(series.body.slots.map((s: { id: number }) => s.id)));
  });
});

describe("weekly sessions where families look", () => {
  it("the profile's slots carry their seriesId (one-off slots none): what its weekly label reads", async () => {
    const coach = await createBookableCoach(t);
    const oneOff = await post(t, "/api/time-slots", coach.cookie, { startTime: "08:00", endTime: "09:00", date: daysAhead(2) });
    expect(oneOff.status).toBe(201);
    const series = await post(t, "/api/time-slots", coach.cookie, { ...TUESDAY_5PM, date: daysAhead(2), repeatWeeks: 3 });
    expect(series.status).toBe(201);

    const profile = await request(t.app).get(`/api/coaches/${coach.coachId}/profile`);
    expect(profile.body.availableSlots.map((s: { id: number; seriesId?: string }) => [s.id, s.seriesId ?? null])).toEqual([
      [oneOff.body.id, null],
      ...series.body.slots.map((s: { id: number; seriesId: string }) => [s.id, s.seriesId]),
    ]);
  });
});
