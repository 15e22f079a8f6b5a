import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import type { StripeStandIn } from "@tests/support/stripe-stand-in";
import { startStripeTestApp } from "@tests/factories/stripe-app";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * Issue 28: money is never kept for a cancelled booking when no webhook arrives. A sweep asks the
 * provider about each expired or cancelled booking's payment intent and refunds a late payment.
 */
async function advance(t: TestApp, minutes: number) {
  const res = await request(t.app).post("/api/test/clock").send({ advanceMinutes: minutes });
  expect(res.status).toBe(200);
}

async function heldWithIntent(t: TestApp) {
  const coach = await createBookableCoach(t);
  const student = await createPerson(t);
  const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
  const booking = await bookSlot(t, student, coach, slot.id);
  const res = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: booking.id });
  expect(res.status).toBe(200);
  return { coach, student, slot, bookingId: booking.id, paymentIntentId: res.body.paymentIntentId as string };
}

describe("with Stripe and no webhooks", () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    ({ stripe, t } = await startStripeTestApp());
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it("a hold that expired while its bank payment was processing, paid afterwards, is refunded in full", async () => {
    const { student, bookingId, paymentIntentId } = await heldWithIntent(t);
    // The student's payment is under way at Stripe, which then refuses to cancel it.
    Object.assign(stripe.paymentIntent(paymentIntentId)!, { status: "processing" });
    stripe.failNext(
      { method: "POST", path: `/v1/payment_intents/${paymentIntentId}/cancel` },
      {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: "You cannot cancel this PaymentIntent because it has a status of processing.",
      },
      400,
    );
    await advance(t, 16);
    let booking = (await get(t, `/api/bookings/${bookingId}`, student.cookie)).body;
    expect(booking).toMatchObject({ status: "cancelled" });

    // The payment goes through at Stripe; the webhook never comes (webhooks off).
    stripe.succeedPaymentIntent(paymentIntentId);
    expect(stripe.requestsTo("POST", "/v1/refunds")).toHaveLength(0);
    // Past the minutes in which a payment may still take up its expired hold's free seat.
    await advance(t, 20);

    const refundsOfIntent = stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === paymentIntentId);
    expect(refundsOfIntent).toHaveLength(1);
    booking = (await get(t, `/api/bookings/${bookingId}`, student.cookie)).body;
    expect(booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });

    // Asked once more later, nothing is refunded twice.
    await advance(t, 400);
    expect(stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === paymentIntentId)).toHaveLength(1);
  });

  it("every refused webhook is logged with its reason", async () => {
    const warn = vi.spyOn(t.deps.logger, "warn");
    const forged = await request(t.app)
      .post("/api/stripe/webhook")
      .set("Content-Type", "application/json")
      .set("Stripe-Signature", "t=1,v1=deadbeef")
      .send(JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded" }));
    expect(forged.status).toBe(400);
    const unsigned = await request(t.app).post("/api/stripe/webhook").set("Content-Type", "application/json").send("{}");
    expect(unsigned.status).toBe(400);
    const refusals = warn.mock.calls.filter(([, msg]) => msg === "webhook refused").map(([obj]) => (obj as { reason: string }).reason);
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatch(/signature/i);
    expect(refusals[1]).toBe("No Stripe-Signature header");
    warn.mockRestore();
  });

  it("an intent of an expired hold that Stripe reports cancelled is asked about once, then left alone", async () => {
    const { paymentIntentId } = await heldWithIntent(t);
    await advance(t, 16);
    await advance(t, 60 * 8);
    const asked = stripe.requestsTo("GET", `/v1/payment_intents/${paymentIntentId}`).length;
    await advance(t, 60 * 8);
    expect(stripe.requestsTo("GET", `/v1/payment_intents/${paymentIntentId}`)).toHaveLength(asked);
  });
});

describe("with the simulated provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  it("a payment that went through after its hold expired (its cancel lost) is refunded, and the student told", async () => {
    const { student, bookingId, paymentIntentId } = await heldWithIntent(t);
    const cancel = vi.spyOn(t.deps.payments, "cancelPaymentIntent").mockRejectedValue(new Error("connection reset"));
    await advance(t, 16);
    expect(cancel).toHaveBeenCalled();
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("cancelled");

    // The student paid in a tab left open; no route confirmed it.
    expect(await t.deps.payments.simulated!.confirmWithCard(paymentIntentId, "4242424242424242")).toEqual({ status: "succeeded" });
    vi.restoreAllMocks();
    await advance(t, 20);

    const booking = (await get(t, `/api/bookings/${bookingId}`, student.cookie)).body;
    expect(booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const mails = t.outbox().filter((m) => m.recipient === student.email && /refund/i.test(m.headers.Subject ?? ""));
    expect(mails.length).toBeGreaterThan(0);
  });

  it("a hold its student cancelled, paid afterwards in a checkout tab left open (the intent's cancel lost), is refunded", async () => {
    const { student, bookingId, paymentIntentId } = await heldWithIntent(t);
    vi.spyOn(t.deps.payments, "cancelPaymentIntent").mockRejectedValue(new Error("connection reset"));
    const cancelled = await request(t.app).delete(`/api/bookings/${bookingId}`).set("Cookie", student.cookie);
    expect(cancelled.status).toBe(200);
    expect(await t.deps.payments.simulated!.confirmWithCard(paymentIntentId, "4242424242424242")).toEqual({ status: "succeeded" });
    vi.restoreAllMocks();
    await advance(t, 10);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
  });
});
