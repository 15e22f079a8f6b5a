import { advanceClock } from "@tests/factories/basics";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "@contract/error-basics";
import { WaitlistMessages } from "@contract/waitlist-basics";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post, type Person } from "@tests/factories/bookings";
import { createPaidBooking, GOOD_CARD } from "@tests/factories/paid-booking";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const advance = (minutes: number) => advanceClock(t, minutes);
const mine = async (person: Person) =>
  (await get(t, "/api/waitlist/mine", person.cookie)).body as {
    id: number;
    status: string;
    position: number | null;
    bookingId: number | null;
    holdExpiresAt: string | null;
  }[];
const offers = (person: Person) =>
  t.outbox().filter((m) => m.recipient === person.email && m.headers.Subject?.startsWith("A seat opened up"));

async function pay(person: Person, bookingId: number) {
  const intent = await post(t, "/api/create-payment-intent", person.cookie, { bookingId });
  expect(intent.status).toBe(200);
  return post(t, "/api/payments/simulated/confirm", person.cookie, { paymentIntentId: intent.body.paymentIntentId, cardNumber: GOOD_CARD });
}

describe("waitlists of full group slots", () => {
  it("queues players in order; a freed seat is held 30 minutes for the first, then goes to the next", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72, isGroup: true, capacity: 2 });
    await createPaidBooking(t, { coach, slot, isGroup: true });
    const holder = await createPerson(t, "player");
    await bookSlot(t, holder, coach, slot.id, { sessionType: "group" });

    const first = await createPerson(t, "player", { firstName: "First" });
    const second = await createPerson(t, "player", { firstName: "Second" });
    const joined = await post(t, `/api/time-slots/${slot.id}/waitlist`, first.cookie, {});
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ timeSlotId: slot.id, status: "waiting", position: 1, bookingId: null });
    expect((await post(t, `/api/time-slots/${slot.id}/waitlist`, second.cookie, {})).body).toMatchObject({ position: 2 });
    const twice = await post(t, `/api/time-slots/${slot.id}/waitlist`, first.cookie, {});
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: WaitlistMessages.ALREADY_WAITING, code: ErrorCode.ALREADY_WAITING });
    const byHolder = await post(t, `/api/time-slots/${slot.id}/waitlist`, holder.cookie, {});
    expect(byHolder.body).toEqual({ message: WaitlistMessages.ALREADY_BOOKED, code: ErrorCode.ALREADY_BOOKED });

    // The unpaid hold runs out (15 minutes): its seat is offered to the first player waiting.
    await advance(16);
    const offered = (await mine(first))[0]!;
    expect(offered).toMatchObject({ status: "offered", position: null, bookingId: expect.any(Number) });
    expect(new Date(offered.holdExpiresAt!).getTime() - t.deps.clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    expect(offers(first)).toHaveLength(1);
    expect(offers(first)[0]!.body).toContain(`/booking-checkout/${offered.bookingId}`);
    // Where and when, with the coach's zone named, in the offer itself.
    expect(offers(first)[0]!.body).toContain("Place: Memorial Field");
    expect(offers(first)[0]!.body).toMatch(/\d:\d\d [AP]M E[SD]T/);
    expect((await mine(second))[0]).toMatchObject({ status: "waiting", position: 1 });
    // The seat is held: the slot is still full for everyone else.
    const outsider = await createPerson(t, "player");
    expect(
      (
        await post(t, "/api/bookings", outsider.cookie, {
          timeSlotId: slot.id,
          rateId: coach.rates.group60,
          sessionType: "group",
          duration: 60,
        })
      ).status,
    ).toBe(409);

    // The first player lets the 30 minutes pass: the next player is offered the seat and pays for it.
    await advance(31);
    expect(await mine(first)).toEqual([]);
    const next = (await mine(second))[0]!;
    expect(next.status).toBe("offered");
    expect(offers(second)).toHaveLength(1);
    const paid = await pay(second, next.bookingId!);
    expect(paid.body.status).toBe("succeeded");
    await advance(1);
    expect(await mine(second)).toEqual([]);
    expect((await get(t, `/api/bookings/${next.bookingId}`, second.cookie)).body.status).toBe("confirmed");
  });

  it("refuses slots that are not full, not group, or by a coach; a player may leave", async () => {
    const coach = await createBookableCoach(t);
    const open = await createSlot(t, coach.coachId, { hoursFromNow: 72, isGroup: true, capacity: 3 });
    const player = await createPerson(t, "player");
    const notFull = await post(t, `/api/time-slots/${open.id}/waitlist`, player.cookie, {});
    expect(notFull.status).toBe(409);
    expect(notFull.body.message).toBe(WaitlistMessages.NOT_FULL);
    const single = await createSlot(t, coach.coachId, { hoursFromNow: 74 });
    expect((await post(t, `/api/time-slots/${single.id}/waitlist`, player.cookie, {})).body.message).toBe(WaitlistMessages.ONLY_GROUP);
    expect((await post(t, `/api/time-slots/${open.id}/waitlist`, coach.cookie, {})).status).toBe(403);
    expect((await post(t, "/api/time-slots/999999/waitlist", player.cookie, {})).status).toBe(404);

    const full = await createSlot(t, coach.coachId, { hoursFromNow: 80, isGroup: true, capacity: 2 });
    await createPaidBooking(t, { coach, slot: full, isGroup: true });
    await createPaidBooking(t, { coach, slot: full, isGroup: true });
    const joined = await post(t, `/api/time-slots/${full.id}/waitlist`, player.cookie, {});
    expect(joined.status).toBe(201);
    const stranger = await createPerson(t, "player");
    expect(
      (
        await request(t.app)
          .delete(`/api/waitlist/${joined.body.id}`)
          .set("Cookie", stranger.cookie)
          .set("Content-Type", "application/json")
          .send({})
      ).status,
    ).toBe(404);
    const left = await request(t.app)
      .delete(`/api/waitlist/${joined.body.id}`)
      .set("Cookie", player.cookie)
      .set("Content-Type", "application/json")
      .send({});
    expect(left.status).toBe(200);
    expect(await mine(player)).toEqual([]);
    // Back in the queue at the end after leaving.
    expect((await post(t, `/api/time-slots/${full.id}/waitlist`, player.cookie, {})).status).toBe(201);
  });
});
