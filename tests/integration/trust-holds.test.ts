import request from "supertest";
import { describe, expect, it } from "vitest";
import { LimitMessages, MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS, MAX_HELD_BOOKINGS_PER_PLAYER } from "@contract/limits";
import { createPaidBooking } from "@tests/factories/paid-booking";
import {
  bookSlot,
  createBookableCoach,
  createPerson,
  createSlot,
  get,
  post,
  type BookableCoach,
  type Person,
} from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";

/** Issue 28: throwaway accounts cannot hold a coach's calendar unpaid. */
const t = useTestApp();

function holdFrom(address: string, person: Person, coach: BookableCoach, slotId: number) {
  return request(t.app)
    .post("/api/bookings")
    .set("Cookie", person.cookie)
    .set("X-Forwarded-For", address)
    .send({ timeSlotId: slotId, rateId: coach.rates.individual60, sessionType: "individual", duration: 60 });
}

describe("unpaid holds per coach and client address", () => {
  it("four fresh accounts from one address cannot hold a coach's whole calendar: 10 holds, then 429", async () => {
    const coach = await createBookableCoach(t);
    const slots = [];
    for (let i = 0; i < 20; i++) slots.push(await createSlot(t, coach.coachId, { hoursFromNow: 24 + i * 2 }));
    const accounts = [await createPerson(t), await createPerson(t), await createPerson(t), await createPerson(t)];
    const address = "203.0.113.7";
    const statuses: number[] = [];
    let refusal: string | undefined;
    for (const [i, slot] of slots.entries()) {
      const res = await holdFrom(address, accounts[i % 4]!, coach, slot.id);
      statuses.push(res.status);
      if (res.status === 429) refusal ??= res.body.message;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS);
    expect(refusal).toBe(LimitMessages.TOO_MANY_HOLDS_FROM_ADDRESS);
    // Another address, and another coach from this address, are not held back.
    expect((await holdFrom("198.51.100.9", await createPerson(t), coach, slots.at(-1)!.id)).status).toBe(201);
    const other = await createBookableCoach(t);
    const otherSlot = await createSlot(t, other.coachId, { hoursFromNow: 30 });
    expect((await holdFrom(address, accounts[0]!, other, otherSlot.id)).status).toBe(201);
  });

  it("parallel holds from many accounts on one address cannot pass the count together", async () => {
    const coach = await createBookableCoach(t);
    const slots = [];
    for (let i = 0; i < 14; i++) slots.push(await createSlot(t, coach.coachId, { hoursFromNow: 24 + i * 2 }));
    const people = await Promise.all(slots.map(() => createPerson(t)));
    const results = await Promise.all(slots.map((slot, i) => holdFrom("203.0.113.99", people[i]!, coach, slot.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS);
  });
});

describe("a waitlist offer counts toward the per-player hold cap", () => {
  it("a player already holding the maximum is passed over (keeping their place); the next player gets the seat", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72, isGroup: true, capacity: 2 });
    await createPaidBooking(t, { coach, slot, isGroup: true });
    const holder = await createPerson(t);
    await bookSlot(t, holder, coach, slot.id, { sessionType: "group" });

    const busy = await createPerson(t);
    const next = await createPerson(t);
    expect((await post(t, `/api/time-slots/${slot.id}/waitlist`, busy.cookie, {})).status).toBe(201);
    expect((await post(t, `/api/time-slots/${slot.id}/waitlist`, next.cookie, {})).status).toBe(201);
    // The first in line holds the maximum of unpaid seats elsewhere (holds that outlast this one).
    const other = await createBookableCoach(t);
    for (let i = 0; i < MAX_HELD_BOOKINGS_PER_PLAYER; i++) {
      await bookSlot(t, busy, other, (await createSlot(t, other.coachId, { hoursFromNow: 30 + i * 2 })).id);
    }
    // The holder lets the seat go now (their own cancellation), while the busy player's holds still run.
    const cancelled = await request(t.app)
      .delete(`/api/bookings/${(await get(t, "/api/bookings/student", holder.cookie)).body[0].id}`)
      .set("Cookie", holder.cookie);
    expect(cancelled.status).toBe(200);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 0 }); // the sweeps run

    const mine = async (p: Person) => (await get(t, "/api/waitlist/mine", p.cookie)).body as { status: string; position: number | null }[];
    expect((await mine(busy))[0]).toMatchObject({ status: "waiting" });
    expect((await mine(next))[0]).toMatchObject({ status: "offered" });
  });
});
