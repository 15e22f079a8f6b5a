import { advanceClock } from "@tests/factories/basics";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { MAX_PROVIDER_CALLS_PER_15_MINUTES, PROVIDER_CALLS_MESSAGE } from "@contract/limits";
import type { TimeSlot } from "@contract/slots";
import { canDeleteSlot, MAX_UPCOMING_SLOTS_PER_COACH, SlotMessages } from "@contract/slot-basics";
import { timeSlots } from "@server/db/schema/index";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post, type BookableCoach } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { instantToLocal } from "@server/features/slots/slot-time";
import { useStripeTestApp } from "@tests/factories/stripe-app";

/**
 * Issue 28: ownership is checked before any provider call; provider-backed endpoints are throttled
 * per user; Delete is offered for a slot exactly when the server allows it, by one rule.
 */
const { stripe, t } = useStripeTestApp();

const advance = (minutes: number) => advanceClock(t, minutes);
const del = (path: string, cookie: string) => request(t.app).delete(path).set("Cookie", cookie);
const coachSlots = async (coach: BookableCoach) =>
  (await get(t, `/api/time-slots/${coach.coachId}?includeBookingCounts=true`, coach.cookie)).body as TimeSlot[];

/** A slot of `coach` whose one hold reached Stripe (a payment intent) and then expired unpaid. */
async function slotWithExpiredHold(coach: BookableCoach) {
  const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
  const student = await createPerson(t);
  const booking = await bookSlot(t, student, coach, slot.id);
  const intent = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: booking.id });
  expect(intent.status).toBe(200);
  await advance(16);
  return { slot, student, paymentIntentId: intent.body.paymentIntentId as string };
}

describe("ownership before the provider", () => {
  it("DELETE of another coach's slot makes no Stripe call", async () => {
    const owner = await createBookableCoach(t);
    const other = await createBookableCoach(t);
    const { slot } = await slotWithExpiredHold(owner);
    stripe.clearRequests();
    const res = await del(`/api/time-slots/${slot.id}`, other.cookie);
    expect(res.status).toBe(403);
    expect(stripe.requests).toEqual([]);
    // A slot that does not exist: no call either.
    expect((await del(`/api/time-slots/999999`, other.cookie)).status).toBe(404);
    expect(stripe.requests).toEqual([]);
  });
});

describe("one delete rule for the list and DELETE", () => {
  it("the rule: cancelled slots, and slots whose bookings all left (expired unpaid or refunded)", () => {
    const available = { status: "available" as const };
    expect(canDeleteSlot(available, [])).toBe(true);
    expect(canDeleteSlot(available, [{ status: "cancelled", paymentStatus: "unpaid" }])).toBe(true);
    expect(canDeleteSlot(available, [{ status: "cancelled", paymentStatus: "refunded" }])).toBe(true);
    expect(canDeleteSlot(available, [{ status: "pending", paymentStatus: "unpaid" }])).toBe(false);
    expect(canDeleteSlot(available, [{ status: "cancelled", paymentStatus: "refund_pending" }])).toBe(false);
    expect(canDeleteSlot(available, [{ status: "confirmed", paymentStatus: "completed" }])).toBe(false);
    expect(canDeleteSlot({ status: "cancelled" }, [{ status: "cancelled", paymentStatus: "refund_pending" }])).toBe(true);
  });

  it("a slot whose hold expired unpaid (its intent at Stripe) is offered Delete, and DELETE works and cancels the intent", async () => {
    const coach = await createBookableCoach(t);
    const { slot, paymentIntentId } = await slotWithExpiredHold(coach);
    const listed = (await coachSlots(coach)).find((s) => s.id === slot.id)!;
    expect(listed.canDelete).toBe(true);
    expect(canDeleteSlot(listed, listed.bookingStates!)).toBe(true);

    expect((await del(`/api/time-slots/${slot.id}`, coach.cookie)).status).toBe(200);
    // The abandoned intent can no longer be paid (cancelled at expiry or by the delete).
    expect(stripe.paymentIntent(paymentIntentId)?.status).toBe("canceled");
    expect((await coachSlots(coach)).map((s) => s.id)).not.toContain(slot.id);
    // Closed: nobody can book it now.
    const late = await createPerson(t);
    const booking = await post(t, "/api/bookings", late.cookie, {
      timeSlotId: slot.id,
      rateId: coach.rates.individual60,
      sessionType: "individual",
      duration: 60,
    });
    expect(booking.status).toBe(409);
  });

  it("a slot whose bookings were all cancelled and refunded can be deleted; a held or paid one cannot, and the list says so", async () => {
    const coach = await createBookableCoach(t);
    const paid = await createPaidBooking(t, { coach, hoursFromNow: 96, stripe });
    let listed = (await coachSlots(coach)).find((s) => s.id === paid.slot.id)!;
    expect(listed.canDelete).toBe(false);
    const refused = await del(`/api/time-slots/${paid.slot.id}`, coach.cookie);
    expect(refused.status).toBe(409);

    // The student cancels more than 24 h ahead: refunded in full.
    expect((await del(`/api/bookings/${paid.bookingId}`, paid.student.cookie)).status).toBe(200);
    const booking = (await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie)).body;
    expect(booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    listed = (await coachSlots(coach)).find((s) => s.id === paid.slot.id)!;
    expect(listed.canDelete).toBe(true);
    expect((await del(`/api/time-slots/${paid.slot.id}`, coach.cookie)).status).toBe(200);
    expect((await coachSlots(coach)).map((s) => s.id)).not.toContain(paid.slot.id);
    // The refunded booking keeps its history.
    expect((await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie)).body).toMatchObject({ paymentStatus: "refunded" });
  });
});

describe("provider-backed endpoints are throttled per user", () => {
  it(`the ${MAX_PROVIDER_CALLS_PER_15_MINUTES + 1}th call in 15 minutes is refused with 429; another user is not affected`, async () => {
    const student = await createPerson(t);
    for (let i = 0; i < MAX_PROVIDER_CALLS_PER_15_MINUTES; i++) {
      const res = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: `pi_unknown_${i}` });
      expect(res.status).not.toBe(429);
    }
    const refused = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(PROVIDER_CALLS_MESSAGE);

    const other = await createPerson(t);
    expect((await post(t, "/api/confirm-payment", other.cookie, { paymentIntentId: "pi_unknown" })).status).not.toBe(429);
    // The window passes.
    await advance(16);
    expect((await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: "pi_unknown" })).status).not.toBe(429);
  }, 120_000);
});

describe("a slot made by accepting a request never becomes public", () => {
  const requestBody = (coach: BookableCoach, hours: number) => {
    const at = instantToLocal(
      new Date(Math.ceil(t.deps.clock.now().getTime() / 900_000) * 900_000 + hours * 3_600_000),
      "America/New_York",
    );
    return { coachId: coach.coachId, requestedDate: at.date, requestedStartTime: at.time, sessionType: "individual", duration: 60 };
  };
  async function acceptedRequest(hours: number) {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await post(t, "/api/session-requests", student.cookie, requestBody(coach, hours));
    expect(made.status).toBe(201);
    const accepted = await post(t, `/api/session-requests/${made.body.id}/accept`, coach.cookie, {});
    expect(accepted.status).toBe(200);
    const booking = (await get(t, `/api/bookings/${accepted.body.bookingId}`, student.cookie)).body;
    return { coach, student, bookingId: accepted.body.bookingId as number, slotId: booking.timeSlotId as number };
  }
  const publicSlots = async (coach: BookableCoach) => (await request(t.app).get(`/api/time-slots/${coach.coachId}`)).body as TimeSlot[];
  const available = async (coach: BookableCoach) =>
    JSON.stringify((await request(t.app).get(`/api/coaches/${coach.coachId}/available-slots`)).body);

  it("while held it is in no public list and nobody else can book it; when the hold expires the slot goes with it", async () => {
    const { coach, slotId } = await acceptedRequest(100);
    expect((await publicSlots(coach)).map((s) => s.id)).not.toContain(slotId);
    expect(await available(coach)).not.toContain(`"id":${slotId}`);
    const other = await createPerson(t);
    const bookingBody = { timeSlotId: slotId, rateId: coach.rates.individual60, sessionType: "individual", duration: 60 };
    const taken = await post(t, "/api/bookings", other.cookie, bookingBody);
    expect(taken.status).toBe(409);

    // Unpaid 24 h after acceptance: the booking expires, and the slot does not open to the public.
    await advance(25 * 60);
    expect((await coachSlots(coach)).map((s) => s.id)).not.toContain(slotId);
    expect((await publicSlots(coach)).map((s) => s.id)).not.toContain(slotId);
    expect(await available(coach)).not.toContain(`"id":${slotId}`);
    const late = await post(t, "/api/bookings", other.cookie, bookingBody);
    expect(late.status).toBe(409);
  });

  it("when its student cancels the booking, the slot goes with it", async () => {
    const { coach, student, bookingId, slotId } = await acceptedRequest(100);
    expect((await coachSlots(coach)).map((s) => s.id)).toContain(slotId);
    expect((await del(`/api/bookings/${bookingId}`, student.cookie)).status).toBe(200);
    expect((await coachSlots(coach)).map((s) => s.id)).not.toContain(slotId);
    expect((await publicSlots(coach)).map((s) => s.id)).not.toContain(slotId);
  });
});

describe("bounded calendars", () => {
  it(`a coach has at most ${MAX_UPCOMING_SLOTS_PER_COACH} upcoming slots: the next one is refused with a clear message`, async () => {
    const coach = await createBookableCoach(t);
    const base = Math.ceil(t.deps.clock.now().getTime() / 3_600_000) * 3_600_000 + 24 * 3_600_000;
    await t.deps.database.db.insert(timeSlots).values(
      Array.from({ length: MAX_UPCOMING_SLOTS_PER_COACH }, (_, i) => ({
        coachId: coach.coachId,
        startsAt: new Date(base + i * 3_600_000),
        endsAt: new Date(base + i * 3_600_000 + 1_800_000),
      })),
    );
    const at = instantToLocal(new Date(base - 12 * 3_600_000), "America/New_York");
    const res = await post(t, "/api/time-slots", coach.cookie, { date: at.date, startTime: at.time, endTime: nextHalfHour(at.time) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SlotMessages.TOO_MANY_UPCOMING);
  });
});

function nextHalfHour(time: string): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const total = h * 60 + m + 30;
  return `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
