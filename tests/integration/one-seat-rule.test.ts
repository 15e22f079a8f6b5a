import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BookingMessages } from "@contract/booking-basics";
import { refunds } from "@server/db/schema/index";
import { settlePayment } from "@server/features/payments/payments.service";
import { instantToLocal } from "@server/features/slots/slot-time";
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
import { createPaidBooking, GOOD_CARD } from "@tests/factories/paid-booking";
import { useTestApp } from "@tests/support/test-app";

// One seat rule (db/seat-rule.ts) and one refund module (features/bookings/refunds.service.ts):
// what a coach's calendar counts, what a hold is, and what happens to money that cannot buy a seat.

const t = useTestApp();

const HOUR_MS = 3_600_000;

async function acceptedRequest(coach: BookableCoach, student: Person, options: { hours: number; sessionType?: "individual" | "group" }) {
  const base = Math.ceil(t.deps.clock.now().getTime() / (15 * 60_000)) * 15 * 60_000;
  const at = instantToLocal(new Date(base + options.hours * HOUR_MS), "America/New_York");
  const made = await post(t, "/api/session-requests", student.cookie, {
    coachId: coach.coachId,
    requestedDate: at.date,
    requestedStartTime: at.time,
    sessionType: options.sessionType ?? "individual",
    duration: 60,
    message: "Please",
  });
  expect(made.status).toBe(201);
  const accepted = await post(t, `/api/session-requests/${made.body.id}/accept`, coach.cookie, {});
  expect(accepted.status).toBe(200);
  const booking = await get(t, `/api/bookings/${accepted.body.bookingId}`, student.cookie);
  return booking.body as { id: number; timeSlotId: number; holdExpiresAt: string; startsAt: string };
}

async function advance(minutes: number) {
  const res = await post(t, "/api/test/clock", "", { advanceMinutes: minutes });
  expect(res.status).toBe(200);
}

describe("the seat a booking holds", () => {
  it("a group slot made from an accepted request counts the requester's seat on the coach's calendar", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const booking = await acceptedRequest(coach, student, { hours: 48, sessionType: "group" });
    const slots = await get(t, `/api/time-slots/${coach.coachId}?includeBookingCounts=true`, coach.cookie);
    const slot = (slots.body as { id: number; bookingCount?: number }[]).find((s) => s.id === booking.timeSlotId);
    expect(slot?.bookingCount).toBe(1);
  });

  it("an accepted request's unpaid booking holds its seat until 24 hours after acceptance, then expires and cannot be paid", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const acceptedAt = t.deps.clock.now().getTime();
    const booking = await acceptedRequest(coach, student, { hours: 72 });
    // The clock keeps running while the request is made and accepted: within a few seconds.
    expect(new Date(booking.holdExpiresAt).getTime() - (acceptedAt + 24 * HOUR_MS)).toBeGreaterThanOrEqual(0);
    expect(new Date(booking.holdExpiresAt).getTime() - (acceptedAt + 24 * HOUR_MS)).toBeLessThan(10_000);

    await advance(24 * 60 + 1);
    const expired = await get(t, `/api/bookings/${booking.id}`, student.cookie);
    expect(expired.body).toMatchObject({ status: "cancelled", cancelCode: "hold_expired", cancellationReason: null });
    const pay = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: booking.id });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(BookingMessages.HOLD_EXPIRED);
    // Issue 28: a slot made for one student's request never becomes public; it goes with its booking.
    const slot = await get(t, `/api/time-slots/single/${booking.timeSlotId}`, student.cookie);
    expect(slot.status === 404 || slot.body.isAvailable === false).toBe(true);
  });

  it("a session requested for a few hours ahead must be paid by 2 hours before it starts", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const booking = await acceptedRequest(coach, student, { hours: 6 });
    expect(new Date(booking.holdExpiresAt).getTime()).toBe(new Date(booking.startsAt).getTime() - 2 * HOUR_MS);
  });
});

describe("money that cannot buy a seat", () => {
  it("a coach's reason that reads like a code changes nothing: a late payment on the cancelled session is refunded, never confirmed", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4, hoursFromNow: 48 });
    const paid = await createPaidBooking(t, { coach, slot, isGroup: true });
    const late = await createPerson(t);
    const held = await bookSlot(t, late, coach, slot.id, { sessionType: "group" });
    const intent = await post(t, "/api/create-payment-intent", late.cookie, { bookingId: held.id });
    expect(intent.status).toBe(200);

    // The late student pays at the provider (3-D Secure still running), and the coach cancels before we hear of it.
    const paymentIntentId = intent.body.paymentIntentId as string;
    await t.deps.payments.simulated!.confirmWithCard(paymentIntentId, GOOD_CARD);
    const cancelled = await post(t, `/api/bookings/${paid.bookingId}/cancel`, coach.cookie, { reason: "hold_expired" });
    expect(cancelled.status).toBe(200);

    // Then the payment's confirmation arrives (the webhook).
    const outcome = await settlePayment(t.deps, await t.deps.payments.retrievePaymentIntent(paymentIntentId));
    expect(outcome).toMatchObject({ kind: "refunded", refund: "sent" });

    const booking = await get(t, `/api/bookings/${held.id}`, late.cookie);
    expect(booking.body).toMatchObject({
      status: "cancelled",
      cancelCode: "coach_cancelled",
      cancellationReason: "hold_expired",
      paymentStatus: "refunded",
    });
    const rows = await t.deps.database.db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId));
    expect(rows).toEqual([expect.objectContaining({ bookingId: held.id, reason: "not_honoured", status: "sent", amountCents: 4600 })]);
    const mail = t.outbox().find((m) => m.recipient === late.email && m.headers.Subject?.startsWith("Payment refunded"));
    expect(mail?.body).toContain("Refunded: $46.00");
    const slotAfter = await get(t, `/api/time-slots/single/${slot.id}`, late.cookie);
    expect(slotAfter.body.isAvailable).toBe(false);
  });

  it("a payment heard of only after the session started is refunded once, however many paths settle it at once", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 1 });
    const student = await createPerson(t);
    const held = await bookSlot(t, student, coach, slot.id);
    const intent = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: held.id });
    const paymentIntentId = intent.body.paymentIntentId as string;
    await t.deps.payments.simulated!.confirmWithCard(paymentIntentId, GOOD_CARD);
    // Nobody hears of the payment until the session has begun (no sweep ran meanwhile).
    t.deps.clock.advanceMinutes(75);

    const paidIntent = await t.deps.payments.retrievePaymentIntent(paymentIntentId);
    const [first, second] = await Promise.all([settlePayment(t.deps, paidIntent), settlePayment(t.deps, paidIntent)]);
    expect([first?.kind, second?.kind].sort()).toEqual(["refunded", "unchanged"]);
    const rows = await t.deps.database.db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lastError: null, status: "sent", attempts: 1 });
    const booking = await get(t, `/api/bookings/${held.id}`, student.cookie);
    expect(booking.body).toMatchObject({ status: "cancelled", cancelCode: "not_honoured", paymentStatus: "refunded" });
  });
});
