import { useStripeTestApp, deliverStripeWebhook } from "@tests/factories/stripe-app";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { coaches } from "@server/db/schema/index";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import { type SignedWebhook } from "@tests/support/stripe-stand-in";

const { stripe, t } = useStripeTestApp();

const mailsTo = (address: string, prefix: string) =>
  t.outbox().filter((m) => m.channel === "email" && m.recipient === address && m.headers.Subject?.startsWith(prefix));

const deliver = (webhook: Pick<SignedWebhook, "payload" | "signature">) => deliverStripeWebhook(t, webhook);

async function bookedAndIntent() {
  const coach = await createBookableCoach(t);
  const student = await createPerson(t);
  const slot = await createSlot(t, coach.coachId);
  const booking = await bookSlot(t, student, coach, slot.id);
  const res = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: booking.id });
  expect(res.status).toBe(200);
  return { coach, student, slot, bookingId: booking.id, paymentIntentId: res.body.paymentIntentId as string, body: res.body };
}

describe("checkout with Stripe (local stand-in)", () => {
  it("creates a PaymentIntent for the database total with metadata and the booking's idempotency key", async () => {
    const { bookingId, paymentIntentId, body, student, coach, slot } = await bookedAndIntent();
    expect(body).toMatchObject({ provider: "stripe", publishableKey: "pk_test_stand_in", totalAmount: "97.75", bookingId });
    const [created] = stripe.requestsTo("POST", "/v1/payment_intents").filter((r) => r.form["metadata[bookingId]"] === String(bookingId));
    expect(created).toBeDefined();
    expect(created!.form).toMatchObject({
      amount: "9775",
      currency: "usd",
      "metadata[bookingId]": String(bookingId),
      "metadata[studentId]": String(student.userId),
      "metadata[coachId]": String(coach.coachId),
      "metadata[timeSlotId]": String(slot.id),
    });
    expect(created!.idempotencyKey).toBe(`booking-${bookingId}-pi-9775`);
    expect(stripe.paymentIntent(paymentIntentId)?.amount).toBe(9775);
  });

  it("a tip changes the PaymentIntent's amount at Stripe", async () => {
    const { student, bookingId, paymentIntentId } = await bookedAndIntent();
    const res = await post(t, "/api/update-payment-intent", student.cookie, { bookingId, tipAmount: "12.34" });
    expect(res.status).toBe(200);
    expect(res.body.totalAmount).toBe("110.09");
    expect(stripe.paymentIntent(paymentIntentId)?.amount).toBe(11009);
  });

  it("the webhook then the client's confirmation, the webhook twice: confirmed once, one e-mail pair", async () => {
    const { student, coach, bookingId, paymentIntentId } = await bookedAndIntent();
    const webhook = stripe.succeedPaymentIntent(paymentIntentId);
    const first = await deliver(webhook);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body).toMatchObject({
      status: "confirmed",
      paymentStatus: "completed",
    });
    expect((await deliver(webhook)).status).toBe(200);
    const client = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId });
    expect(client.status).toBe(200);
    expect(client.body.status).toBe("confirmed");
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(1);
    expect(mailsTo(coach.email, "New booking")).toHaveLength(1);
  });

  it("the client's confirmation then the webhook, each twice: confirmed once, one e-mail pair", async () => {
    const { student, coach, bookingId, paymentIntentId } = await bookedAndIntent();
    const webhook = stripe.succeedPaymentIntent(paymentIntentId);
    for (let i = 0; i < 2; i++) expect((await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await deliver(webhook)).status).toBe(200);
    // A second delivery of the same event under a new id changes nothing either.
    expect((await deliver(stripe.signEvent("payment_intent.succeeded", stripe.paymentIntent(paymentIntentId)!))).status).toBe(200);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("confirmed");
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(1);
    expect(mailsTo(coach.email, "New booking")).toHaveLength(1);
  });

  it("refuses a forged webhook with 400 and changes nothing", async () => {
    const { student, bookingId, paymentIntentId } = await bookedAndIntent();
    const genuine = stripe.succeedPaymentIntent(paymentIntentId);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: genuine.payload, secret: "whsec_not_the_real_secret" });
    const forged = await deliver({ payload: genuine.payload, signature: wrongSecret });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("Invalid signature");
    const tampered = await deliver({ payload: genuine.payload.replace(/"amount":\d+/, '"amount":1'), signature: genuine.signature });
    expect(tampered.status).toBe(400);
    const unsigned = await request(t.app).post("/api/stripe/webhook").set("Content-Type", "application/json").send(genuine.payload);
    expect(unsigned.status).toBe(400);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body).toMatchObject({ status: "pending", paymentStatus: "unpaid" });
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(0);
    // The genuine event, delivered after the forgeries, is still handled.
    expect((await deliver(genuine)).status).toBe(200);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("confirmed");
  });

  it("a payment_failed webhook marks the payment failed and the booking stays payable", async () => {
    const { student, bookingId, paymentIntentId } = await bookedAndIntent();
    expect((await deliver(stripe.failPaymentIntent(paymentIntentId))).status).toBe(200);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body).toMatchObject({ status: "pending", paymentStatus: "failed" });
    const retry = await post(t, "/api/create-payment-intent", student.cookie, { bookingId });
    expect(retry.status).toBe(200);
    expect(retry.body.paymentIntentId).toBe(paymentIntentId);
    expect((await deliver(stripe.succeedPaymentIntent(paymentIntentId))).status).toBe(200);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body).toMatchObject({
      status: "confirmed",
      paymentStatus: "completed",
    });
  });

  it("an expired hold cancels its PaymentIntent at Stripe", async () => {
    const { student, bookingId, paymentIntentId } = await bookedAndIntent();
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    expect(stripe.paymentIntent(paymentIntentId)?.status).toBe("canceled");
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("cancelled");
  });

  it("a payment that succeeds after the seat went to someone else is refunded in full, once", async () => {
    const { student, coach, slot, bookingId, paymentIntentId } = await bookedAndIntent();
    const webhook = stripe.succeedPaymentIntent(paymentIntentId);
    t.deps.clock.advanceMinutes(16);
    await bookSlot(t, await createPerson(t), coach, slot.id);
    expect((await deliver(webhook)).status).toBe(200);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    expect((await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId })).body.paymentStatus).toBe("refunded");
    const refunds = stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === paymentIntentId);
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`booking-${bookingId}-refund`]));
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(0);
  });

  it("account.updated keeps the coach's payout account state", async () => {
    const coach = await createBookableCoach(t);
    const account = await t.deps.payments.createConnectedAccount({ email: coach.email, idempotencyKey: `coach-${coach.coachId}-account` });
    await t.deps.database.db.update(coaches).set({ paymentAccountId: account.id }).where(eq(coaches.id, coach.coachId));
    expect((await deliver(stripe.completeAccount(account.id))).status).toBe(200);
    const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, coach.coachId));
    expect(row).toMatchObject({
      paymentDetailsSubmitted: true,
      paymentChargesEnabled: true,
      paymentPayoutsEnabled: true,
      paymentRequirementsDue: [],
    });
  });

  it("the simulated card endpoint does not exist with Stripe", async () => {
    const { student, paymentIntentId } = await bookedAndIntent();
    const res = await post(t, "/api/payments/simulated/confirm", student.cookie, { paymentIntentId, cardNumber: "4242424242424242" });
    expect(res.status).toBe(404);
    expect(stripe.paymentIntent(paymentIntentId)?.status).toBe("requires_payment_method");
  });
});
