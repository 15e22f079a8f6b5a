import { UNDER_13_ATHLETE } from "@tests/factories/basics";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_HELD_BOOKINGS_PER_PLAYER } from "@contract/limits";
import { bookings } from "@server/db/schema/index";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { GOOD_CARD } from "@tests/factories/paid-booking";
import { publishWeeklySlots } from "@tests/factories/slot-helpers";
import { useTestApp } from "@tests/support/test-app";

// DESIGN.md 12 "Families and money": the right child, and siblings in one slot.

const t = useTestApp();

const CHOOSE = "Choose which athlete this session is for.";
// Under 13: added with the guardian's consent (DESIGN.md 12).
const RILEY = { ...UNDER_13_ATHLETE, firstName: "Riley", lastName: "Whitaker" };
const SAM = { firstName: "Sam", lastName: "Whitaker", birthday: "2012-09-01", position: "Goalie" };
const daysAhead = (days: number) => new Date(t.deps.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function addAthlete(parent: Person, body: object): Promise<number> {
  const res = await post(t, "/api/athletes", parent.cookie, body);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** A parent whose family is the parent's own profile plus Riley: two athletes. */
async function parentOfTwo(): Promise<{ parent: Person; own: number; riley: number }> {
  const parent = await createPerson(t);
  const riley = await addAthlete(parent, RILEY);
  const [own] = (await get(t, "/api/athletes", parent.cookie)).body as { id: number }[];
  return { parent, own: own!.id, riley };
}

function seat(coach: BookableCoach, slotId: number, extra: object = {}, group = false) {
  return {
    timeSlotId: slotId,
    rateId: group ? coach.rates.group60 : coach.rates.individual60,
    sessionType: group ? "group" : "individual",
    duration: 60,
    ...extra,
  };
}

async function bookingsOfSlot(slotId: number) {
  return t.deps.database.db.select().from(bookings).where(eq(bookings.timeSlotId, slotId));
}

describe("the right child: a family of two or more names the athlete", () => {
  it("a booking without athleteId is refused with 400 and holds nothing; naming the athlete books that athlete", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const { parent, riley } = await parentOfTwo();

    const refused = await post(t, "/api/bookings", parent.cookie, seat(coach, slot.id));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: CHOOSE, field: "athleteId" });
    expect(await bookingsOfSlot(slot.id)).toHaveLength(0);

    const booked = await post(t, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: riley }));
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ athleteId: riley, athlete: { firstName: "Riley" } });
  });

  it("a family of one keeps the default athlete", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const player = await createPerson(t);
    const res = await post(t, "/api/bookings", player.cookie, seat(coach, slot.id));
    expect(res.status).toBe(201);
    const [own] = (await get(t, "/api/athletes", player.cookie)).body as { id: number }[];
    expect(res.body.athleteId).toBe(own!.id);
  });

  it("a credit booking, a session request and a waitlist join without athleteId are refused with 400", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const { parent, riley } = await parentOfTwo();

    const credit = await post(t, "/api/bookings", parent.cookie, seat(coach, slot.id, { payWith: "credit" }));
    expect(credit.status).toBe(400);
    expect(credit.body).toMatchObject({ message: CHOOSE, field: "athleteId" });

    const ask = {
      coachId: coach.coachId,
      requestedDate: daysAhead(3),
      requestedStartTime: "10:00",
      sessionType: "individual",
      duration: 60,
    };
    const request = await post(t, "/api/session-requests", parent.cookie, ask);
    expect(request.status).toBe(400);
    expect(request.body).toMatchObject({ message: CHOOSE, field: "athleteId" });
    expect((await post(t, "/api/session-requests", parent.cookie, { ...ask, athleteId: riley })).body).toMatchObject({ athleteId: riley });

    const full = await createSlot(t, coach.coachId, { hoursFromNow: 72, isGroup: true, capacity: 2 });
    for (const other of [await createPerson(t), await createPerson(t)]) {
      expect((await post(t, "/api/bookings", other.cookie, seat(coach, full.id, {}, true))).status).toBe(201);
    }
    const waitlist = await post(t, `/api/time-slots/${full.id}/waitlist`, parent.cookie, {});
    expect(waitlist.status).toBe(400);
    expect(waitlist.body).toMatchObject({ message: CHOOSE, field: "athleteId" });
    const joined = await post(t, `/api/time-slots/${full.id}/waitlist`, parent.cookie, { athleteId: riley });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ athleteId: riley });
  });

  it("a series without athleteId is refused with 400 and holds no week", async () => {
    const coach = await createBookableCoach(t);
    const first = await publishWeeklySlots(t, coach, daysAhead(7));
    const { parent } = await parentOfTwo();
    const res = await post(t, "/api/bookings/series", parent.cookie, { timeSlotId: first, weeks: 3, payWith: "card" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: CHOOSE, field: "athleteId" });
    expect(await bookingsOfSlot(first)).toHaveLength(0);
  });

  it("a series naming another family's athlete is refused, never booked for the first athlete", async () => {
    const coach = await createBookableCoach(t);
    const first = await publishWeeklySlots(t, coach, daysAhead(8));
    const { riley: theirs } = await parentOfTwo();
    const player = await createPerson(t);

    const res = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: first, weeks: 3, payWith: "card", athleteId: theirs });
    expect(res.status).toBe(404);
    // A malformed id is refused too, never read as "no athlete named".
    const malformed = await post(t, "/api/bookings/series", player.cookie, { timeSlotId: first, weeks: 3, athleteId: "riley" });
    expect(malformed.status).toBe(400);
    expect(await bookingsOfSlot(first)).toHaveLength(0);
  });

  it("a single booking, a request and a waitlist join naming another family's athlete are refused with 404", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const { riley: theirs } = await parentOfTwo();
    const player = await createPerson(t);
    expect((await post(t, "/api/bookings", player.cookie, seat(coach, slot.id, { athleteId: theirs }))).status).toBe(404);
    expect((await post(t, "/api/bookings", player.cookie, seat(coach, slot.id, { athleteIds: [theirs] }))).status).toBe(404);
    expect(await bookingsOfSlot(slot.id)).toHaveLength(0);
  });
});

describe("siblings in one slot: POST /api/bookings {athleteIds}", () => {
  it("holds a seat for each named athlete in one request and pays them in one checkout", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4 });
    const { parent, riley } = await parentOfTwo();
    const sam = await addAthlete(parent, SAM);

    const res = await post(t, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteIds: [riley, sam] }, true));
    expect(res.status).toBe(201);
    const held = res.body.bookings as { id: number; athleteId: number; status: string; totalAmount: string }[];
    expect(held.map((b) => b.athleteId)).toEqual([riley, sam]);
    expect(held.every((b) => b.status === "pending")).toBe(true);

    const intent = await post(t, "/api/create-payment-intent", parent.cookie, { bookingIds: held.map((b) => b.id) });
    expect(intent.status).toBe(200);
    expect(Number(intent.body.totalAmount)).toBeCloseTo(Number(held[0]!.totalAmount) + Number(held[1]!.totalAmount), 2);
    const paid = await post(t, "/api/payments/simulated/confirm", parent.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    for (const b of held) expect((await get(t, `/api/bookings/${b.id}`, parent.cookie)).body).toMatchObject({ status: "confirmed" });
  });

  it("all or none: a slot without a seat for every sibling holds nothing", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 2 });
    const other = await createPerson(t);
    expect((await post(t, "/api/bookings", other.cookie, seat(coach, slot.id, {}, true))).status).toBe(201);
    const { parent, own, riley } = await parentOfTwo();

    const res = await post(t, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteIds: [own, riley] }, true));
    expect(res.status).toBe(409);
    const rows = await t.deps.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.timeSlotId, slot.id), eq(bookings.studentId, parent.userId)));
    expect(rows).toHaveLength(0);

    // An athlete already booked in the slot refuses the whole request too.
    const roomy = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4, hoursFromNow: 60 });
    expect((await post(t, "/api/bookings", parent.cookie, seat(coach, roomy.id, { athleteId: riley }, true))).status).toBe(201);
    const again = await post(t, "/api/bookings", parent.cookie, seat(coach, roomy.id, { athleteIds: [own, riley] }, true));
    expect(again.status).toBe(409);
    expect(await bookingsOfSlot(roomy.id)).toHaveLength(1);
  });

  it("a sixth sibling in one group slot is one checkout, not a 429", async () => {
    const coach = await createBookableCoach(t);
    const parent = await createPerson(t);
    const ids = [((await get(t, "/api/athletes", parent.cookie)).body as { id: number }[])[0]!.id];
    for (let i = 0; i < 5; i++) ids.push(await addAthlete(parent, { ...RILEY, firstName: `Kid${"ABCDE"[i]}` }));
    // Four other holds of the parent's, one short of the cap.
    for (let i = 0; i < MAX_HELD_BOOKINGS_PER_PLAYER - 1; i++) {
      const other = await createSlot(t, coach.coachId, { hoursFromNow: 100 + i * 2 });
      expect((await post(t, "/api/bookings", parent.cookie, seat(coach, other.id, { athleteId: ids[0] }))).status).toBe(201);
    }
    const group = await createSlot(t, coach.coachId, { isGroup: true, capacity: 8, hoursFromNow: 90 });
    const res = await post(t, "/api/bookings", parent.cookie, seat(coach, group.id, { athleteIds: ids }, true));
    expect(res.status).toBe(201);
    expect(res.body.bookings).toHaveLength(6);
    // The six are one hold: the cap is now reached, and the next hold elsewhere is the 429.
    const next = await createSlot(t, coach.coachId, { hoursFromNow: 140 });
    expect((await post(t, "/api/bookings", parent.cookie, seat(coach, next.id, { athleteId: ids[1] }))).status).toBe(429);
  });

  it("refuses a bad athlete list with 400 and holds nothing", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true });
    const { parent, own, riley } = await parentOfTwo();
    for (const bad of [
      { athleteIds: [] },
      { athleteIds: [riley, riley] },
      { athleteIds: ["x"] },
      { athleteIds: [own, riley], athleteId: riley },
    ]) {
      const res = await post(t, "/api/bookings", parent.cookie, seat(coach, slot.id, bad, true));
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect(await bookingsOfSlot(slot.id)).toHaveLength(0);
  });
});
