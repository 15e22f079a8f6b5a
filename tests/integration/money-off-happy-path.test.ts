import { useStripeTestApp, deliverStripeWebhook } from "@tests/factories/stripe-app";
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { bookings, coaches } from "@server/db/schema/index";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post, type BookableCoach } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { registerUser } from "@tests/factories/users";
import { type SignedWebhook } from "@tests/support/stripe-stand-in";

/**
 * Issue 14, "Money off the happy path": a payment that succeeds for a booking that cannot be
 * honoured is refunded in full and never confirmed, whatever order things happen in.
 */
const { stripe, t } = useStripeTestApp();

const deliver = (webhook: Pick<SignedWebhook, "payload" | "signature">) => deliverStripeWebhook(t, webhook);

// Undefined once the booking is gone (a deleted slot drops its abandoned holds).
const bookingRow = async (id: number) => (await t.deps.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const refundsOf = (paymentIntentId: string) =>
  stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === paymentIntentId);
const mailsTo = (address: string) => t.outbox().filter((m) => m.channel === "email" && m.recipient === address);

/** Moves the test clock (and runs the sweeps, as POST /api/test/clock does). */
async function advance(minutes: number) {
  const res = await request(t.app).post("/api/test/clock").send({ advanceMinutes: minutes });
  expect(res.status).toBe(200);
}

/** A pending booking with a Stripe PaymentIntent whose payment is under way (3-D Secure, a bank debit). */
async function pendingWithIntent(coach: BookableCoach, slotId: number, sessionType: "individual" | "group" = "individual") {
  const student = await createPerson(t);
  const booking = await bookSlot(t, student, coach, slotId, { sessionType });
  const res = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: booking.id });
  expect(res.status).toBe(200);
  return { student, bookingId: booking.id, paymentIntentId: res.body.paymentIntentId as string };
}

describe("a late payment on a session the coach cancelled", () => {
  for (const reason of ["Field flooded", "hold_expired"]) {
    it(`is refunded in full, never confirmed, and the session never becomes payable (reason "${reason}")`, async () => {
      const coach = await createBookableCoach(t);
      const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4, hoursFromNow: 48 });
      const paid = await createPaidBooking(t, { coach, slot, isGroup: true, stripe });
      const late = await pendingWithIntent(coach, slot.id, "group");
      // The late payment is already under way at Stripe, so cancelling its intent fails.
      stripe.failNext({ method: "POST", path: new RegExp(`/v1/payment_intents/${late.paymentIntentId}/cancel$`) });

      const cancelled = await post(t, `/api/bookings/${paid.bookingId}/cancel`, coach.cookie, { reason });
      expect(cancelled.status).toBe(200);

      expect((await deliver(stripe.succeedPaymentIntent(late.paymentIntentId))).status).toBe(200);
      const row = await bookingRow(late.bookingId);
      expect(row?.status).toBe("cancelled");
      expect(["refunded", "refund_pending"]).toContain(row?.paymentStatus);
      const refunds = refundsOf(late.paymentIntentId);
      expect(refunds.length).toBeGreaterThanOrEqual(1);
      expect(refunds[0]?.form.amount ?? String(stripe.paymentIntent(late.paymentIntentId)!.amount)).toBe("4600");
      expect(mailsTo(late.student.email).some((m) => /Booking confirmed/.test(m.headers.Subject ?? ""))).toBe(false);
      expect(mailsTo(late.student.email).some((m) => /refund/i.test(`${m.headers.Subject} ${m.body}`))).toBe(true);

      // Past the session's end the completion sweep leaves it cancelled; no feedback, no payout.
      await advance(49 * 60);
      expect((await bookingRow(late.bookingId))?.status).toBe("cancelled");
      const feedback = await post(t, `/api/bookings/${late.bookingId}/submit-feedback`, coach.cookie, {
        feedback: "Great work",
        rating: 5,
      });
      expect(feedback.status).toBe(409);
      expect((await bookingRow(late.bookingId))?.payoutStatus).toBe("none");
    });
  }
});

describe("a webhook after the hold expired, on a session the coach has since cancelled", () => {
  it("is refunded in full and the expired hold is never brought back to life", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4, hoursFromNow: 50 });
    const paid = await createPaidBooking(t, { coach, slot, isGroup: true, stripe });
    const late = await pendingWithIntent(coach, slot.id, "group");
    stripe.failNext({ method: "POST", path: new RegExp(`/v1/payment_intents/${late.paymentIntentId}/cancel$`) });
    await advance(16); // the late payer's hold expires
    expect((await post(t, `/api/bookings/${paid.bookingId}/cancel`, coach.cookie, { reason: "Coach is ill" })).status).toBe(200);

    expect((await deliver(stripe.succeedPaymentIntent(late.paymentIntentId))).status).toBe(200);
    const row = await bookingRow(late.bookingId);
    expect(row?.status).toBe("cancelled");
    expect(refundsOf(late.paymentIntentId).length).toBeGreaterThanOrEqual(1);
    expect(["refunded", "refund_pending"]).toContain(row?.paymentStatus);
  });
});

describe("deleting a slot", () => {
  it("drops an abandoned hold whose intent the provider cancelled, and the slot with it", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 80 });
    const abandoned = await pendingWithIntent(coach, slot.id);
    await advance(16);
    expect(stripe.paymentIntent(abandoned.paymentIntentId)?.status).toBe("canceled");
    const deleted = await request(t.app).delete(`/api/time-slots/${slot.id}`).set("Cookie", coach.cookie);
    expect(deleted.status).toBe(200);
    // Issue 28's one delete rule: the abandoned hold goes (or stays only as cancelled history of a closed slot).
    const row = await bookingRow(abandoned.bookingId);
    if (row) expect(row.status).toBe("cancelled");
  });

  it("closes a slot whose expired hold's payment may still arrive: the late payment is refunded in full, never confirmed", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    const late = await pendingWithIntent(coach, slot.id);
    // Its payment is under way at Stripe: neither the expiry nor the deletion can cancel it.
    const cancelPath = new RegExp(`/v1/payment_intents/${late.paymentIntentId}/cancel$`);
    stripe.failNext({ method: "POST", path: cancelPath });
    stripe.failNext({ method: "POST", path: cancelPath });
    await advance(16); // the hold expires
    const deleted = await request(t.app).delete(`/api/time-slots/${slot.id}`).set("Cookie", coach.cookie);
    // Issue 28: a slot whose holds all expired unpaid can be deleted; its payment history keeps the row, closed.
    expect(deleted.status).toBe(200);

    expect((await deliver(stripe.succeedPaymentIntent(late.paymentIntentId))).status).toBe(200);
    // Nobody can book the closed slot, so the payment that arrives late is given back in full.
    const row = await bookingRow(late.bookingId);
    expect(row?.status).toBe("cancelled");
    expect(refundsOf(late.paymentIntentId).length).toBeGreaterThanOrEqual(1);
  });
});

describe("a charge committed by a process that died before settling it, the client never returning", () => {
  it("is settled by the sweep even when another booking expired the hold first: refunded in full when the seat is gone", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 96 });
    const first = await pendingWithIntent(coach, slot.id);
    // The customer paid at Stripe; the process that would have settled it died, no webhook came yet.
    stripe.succeedPaymentIntent(first.paymentIntentId);
    t.deps.clock.advanceMinutes(16); // the hold's 15 minutes pass without a sweep

    // Another student takes the seat; booking expires the stale hold on the way.
    const second = await createPerson(t);
    await bookSlot(t, second, coach, slot.id); // throws unless 201

    await advance(1); // the sweeps
    const row = await bookingRow(first.bookingId);
    expect(row?.status).toBe("cancelled");
    expect(refundsOf(first.paymentIntentId).length).toBeGreaterThanOrEqual(1);
    expect(["refunded", "refund_pending"]).toContain(row?.paymentStatus);
  });

  it("is confirmed by the sweep when the seat is still free", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 96 });
    const first = await pendingWithIntent(coach, slot.id);
    stripe.succeedPaymentIntent(first.paymentIntentId);
    await advance(16);
    const row = await bookingRow(first.bookingId);
    expect(row?.status).toBe("confirmed");
    expect(row?.paymentStatus).toBe("completed");
    expect(refundsOf(first.paymentIntentId)).toHaveLength(0);
  });
});

describe("Stripe events", () => {
  it("applies account.updated only when it is newer than what is stored", async () => {
    const coach = await createBookableCoach(t);
    const account = await t.deps.payments.createConnectedAccount({ email: coach.email, idempotencyKey: `coach-${coach.coachId}-account` });
    await t.deps.database.db.update(coaches).set({ paymentAccountId: account.id }).where(eq(coaches.id, coach.coachId));
    const restricted = { ...(stripe.account(account.id) as Record<string, unknown>) };
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect((await deliver(stripe.completeAccount(account.id))).status).toBe(200);
    // Stripe does not promise order: an older event (the account before onboarding) arrives late.
    expect((await deliver(stripe.signEvent("account.updated", restricted, nowSeconds - 60))).status).toBe(200);
    const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, coach.coachId));
    expect(row).toMatchObject({ paymentDetailsSubmitted: true, paymentPayoutsEnabled: true });
  });

  it("records charge.dispute.created on the booking, once, and shows it to the admin", async () => {
    const paid = await createPaidBooking(t, { stripe });
    const dispute = stripe.signEvent("charge.dispute.created", {
      id: "dp_late_1",
      object: "dispute",
      amount: 9775,
      currency: "usd",
      charge: "ch_late_1",
      payment_intent: paid.paymentIntentId,
      reason: "product_not_received",
      status: "needs_response",
      created: Math.floor(Date.now() / 1000),
    });
    expect((await deliver(dispute)).status).toBe(200);
    expect((await deliver(dispute)).status).toBe(200);
    const admin = await registerUser(t.agent(), { userType: "admin" }, t);
    const issues = await admin.agent.get("/api/admin/money-issues");
    expect(issues.status).toBe(200);
    expect(issues.body.disputes.filter((d: { id: string }) => d.id === "dp_late_1")).toEqual([
      expect.objectContaining({ bookingId: paid.bookingId, amount: "97.75", reason: "product_not_received", status: "needs_response" }),
    ]);
  });

  it("never confirms a payment made in another currency, and refunds it", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 60 });
    const pending = await pendingWithIntent(coach, slot.id);
    const intent = stripe.paymentIntent(pending.paymentIntentId)!;
    intent.currency = "eur";
    expect((await deliver(stripe.succeedPaymentIntent(pending.paymentIntentId))).status).toBe(200);
    const row = await bookingRow(pending.bookingId);
    expect(row?.status).not.toBe("confirmed");
    expect(refundsOf(pending.paymentIntentId).length).toBeGreaterThanOrEqual(1);
    const mine = await get(t, `/api/bookings/${pending.bookingId}`, pending.student.cookie);
    expect(mine.body.status).not.toBe("confirmed");
  });
});
