import { useStripeTestApp, deliverStripeWebhook } from "@tests/factories/stripe-app";
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { PaymentProviderError } from "@server/adapters/payments/provider";
import { bookings, coaches, users } from "@server/db/schema/index";
import { applyAccountUpdate } from "@server/features/payouts/payouts.service";
import { createBookableCoach, get, post, type BookableCoach } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd } from "@tests/factories/paid-booking";
import { type SignedWebhook } from "@tests/support/stripe-stand-in";

const { stripe, t } = useStripeTestApp();

const APP = "http://localhost:5000";

async function bookingRow(id: number) {
  const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

const deliver = (webhook: Pick<SignedWebhook, "payload" | "signature">) => deliverStripeWebhook(t, webhook);

async function createAccount(coach: BookableCoach, body: object = {}): Promise<string> {
  const res = await post(t, "/api/stripe/connect/create-account", coach.cookie, body);
  expect(res.status).toBe(200);
  const created = stripe.requestsTo("POST", "/v1/accounts").filter((r) => r.idempotencyKey === `coach-${coach.coachId}-account`);
  const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, coach.coachId));
  expect(created.length).toBeGreaterThanOrEqual(1);
  return row!.paymentAccountId!;
}

/** The coach follows the account link: Stripe completes the account and sends account.updated, handled as the webhook route does. */
async function completeAtStripe(accountId: string): Promise<void> {
  const webhook = stripe.completeAccount(accountId);
  const event = t.deps.payments.parseWebhookEvent(Buffer.from(webhook.payload), webhook.signature);
  if (event.type !== "account.updated") throw new Error(`unexpected event ${event.type}`);
  await applyAccountUpdate(t.deps, event.account);
}

describe("payment accounts with Stripe Connect Express (local stand-in)", () => {
  it("creates an Express account with the coach's idempotency key and an onboarding link back to the app", async () => {
    const coach = await createBookableCoach(t);
    const res = await post(t, "/api/stripe/connect/create-account", coach.cookie, { returnTo: "onboarding" });
    expect(res.status).toBe(200);
    const [account] = stripe.requestsTo("POST", "/v1/accounts").filter((r) => r.idempotencyKey === `coach-${coach.coachId}-account`);
    expect(account!.form).toMatchObject({
      type: "express",
      email: coach.email,
      "capabilities[transfers][requested]": "true",
      "metadata[coachId]": String(coach.coachId),
    });
    const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, coach.coachId));
    const accountId = row!.paymentAccountId!;
    expect(accountId).toMatch(/^acct_/);
    const links = stripe.requestsTo("POST", "/v1/account_links").filter((r) => r.form.account === accountId);
    expect(links).toHaveLength(1);
    expect(links[0]!.form).toMatchObject({
      type: "account_onboarding",
      refresh_url: `${APP}/coach-onboarding?stripe=refresh`,
      return_url: `${APP}/coach-onboarding?stripe=success`,
    });
    expect(res.body.url).toBe(`${stripe.url}/connect/onboarding/${accountId}`);

    const status = await get(t, "/api/stripe/connect/account-status", coach.cookie);
    expect(status.body).toEqual({
      hasAccount: true,
      accountId,
      accountComplete: false,
      onboardingComplete: false,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: { currently_due: ["business_type", "external_account", "tos_acceptance.date"] },
    });
    expect(stripe.requestsTo("GET", `/v1/accounts/${accountId}`).length).toBeGreaterThanOrEqual(1);

    const dashboard = await post(t, "/api/stripe/connect/dashboard-link", coach.cookie, {});
    expect(dashboard.status).toBe(400);
    expect(dashboard.body).toEqual({ success: false, message: "Complete your payment account setup first." });
    expect(stripe.requestsTo("POST", `/v1/accounts/${accountId}/login_links`)).toHaveLength(0);
  });

  it("reads the completed account from Stripe and opens the Express dashboard through a login link", async () => {
    const coach = await createBookableCoach(t);
    const accountId = await createAccount(coach);
    const link = stripe.requestsTo("POST", "/v1/account_links").find((r) => r.form.account === accountId)!;
    expect(link.form).toMatchObject({ refresh_url: `${APP}/coach/stripe-connect`, return_url: `${APP}/coach/stripe-connect?success=true` });
    // The coach finishes at Stripe; no webhook has arrived yet, the status page's refresh reads it.
    stripe.completeAccount(accountId);
    expect((await get(t, "/api/stripe/connect/account-status", coach.cookie)).body).toMatchObject({
      hasAccount: true,
      accountComplete: true,
      onboardingComplete: true,
      payoutsEnabled: true,
      requirements: { currently_due: [] },
    });
    const dashboard = await post(t, "/api/stripe/connect/dashboard-link", coach.cookie, {});
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toEqual({ success: true, url: `${stripe.url}/express/${accountId}` });
    expect(stripe.requestsTo("POST", `/v1/accounts/${accountId}/login_links`)).toHaveLength(1);
  });
});

describe("cancellation refunds at Stripe", () => {
  it("refunds each payment with the booking's idempotency key", async () => {
    const first = await createPaidBooking(t, { stripe, isGroup: true, capacity: 3 });
    const second = await createPaidBooking(t, { stripe, coach: first.coach, slot: first.slot, isGroup: true });
    const res = await post(t, `/api/bookings/${first.bookingId}/cancel`, first.coach.cookie, { reason: "Lightning" });
    expect(res.status).toBe(200);
    expect(res.body.cancellation.affectedBookings.map((b: { refundStatus: string }) => b.refundStatus)).toEqual(["refunded", "refunded"]);
    for (const paid of [first, second]) {
      const refunds = stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === paid.paymentIntentId);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.idempotencyKey).toBe(`booking-${paid.bookingId}-refund`);
      expect(await bookingRow(paid.bookingId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    }
  });

  it("a refund Stripe refuses stays pending, and the sweep completes it once with the same idempotency key", async () => {
    const paid = await createPaidBooking(t, { stripe });
    // A 400 (the SDK retries 5xx by itself, which would hide the failure from the app).
    stripe.failNext({ method: "POST", path: "/v1/refunds" }, { type: "api_error", message: "Stripe is having a moment" }, 400);
    await t.deps.database.db.update(users).set({ smsOptIn: true });
    const res = await post(t, `/api/bookings/${paid.bookingId}/cancel`, paid.coach.cookie, { reason: "Field closed" });
    expect(res.status).toBe(200);
    expect(res.body.cancellation.affectedBookings).toEqual([
      expect.objectContaining({ bookingId: paid.bookingId, refundStatus: "pending" }),
    ]);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ status: "cancelled", paymentStatus: "refund_pending", refundId: null });
    // The student is told at once; the refund follows.
    expect(t.outbox().filter((m) => m.channel === "sms" && m.body.includes("cancelled by the coach: Field closed."))).toHaveLength(1);

    expect((await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 })).status).toBe(200);
    const row = await bookingRow(paid.bookingId);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(row.refundId).toMatch(/^re_/);

    const attempts = stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === paid.paymentIntentId);
    expect(attempts).toHaveLength(2);
    expect(attempts.map((a) => a.idempotencyKey)).toEqual([`booking-${paid.bookingId}-refund`, `booking-${paid.bookingId}-refund`]);
    // Exactly one refund exists: Stripe refuses another one of that payment.
    await expect(
      t.deps.payments.refundPayment({ paymentIntentId: paid.paymentIntentId, idempotencyKey: "probe-second-refund" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);

    // Later sweeps leave it alone: the two attempts and the probe are all Stripe ever saw.
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    expect(stripe.requestsTo("POST", "/v1/refunds").filter((r) => r.form.payment_intent === paid.paymentIntentId)).toHaveLength(3);
    expect((await bookingRow(paid.bookingId)).refundId).toBe(row.refundId);
  });
});

describe("payouts as Stripe transfers", () => {
  it("feedback transfers rate + tip to the coach's account with the booking's idempotency key", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 2, tip: "7.25" });
    const accountId = await createAccount(paid.coach);
    await completeAtStripe(accountId);
    await passSessionEnd(t, paid);
    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Well played", rating: 4 });
    expect(res.status).toBe(200);
    expect(res.body.booking.payoutStatus).toBe("paid");
    const transfers = stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.form["metadata[bookingId]"] === String(paid.bookingId));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.form).toMatchObject({ amount: String(8500 + 725), currency: "usd", destination: accountId });
    expect(transfers[0]!.idempotencyKey).toBe(`booking-${paid.bookingId}-payout`);
    expect((await bookingRow(paid.bookingId)).transferId).toMatch(/^tr_/);
  });

  it("a payout waiting for onboarding goes out when Stripe's account.updated arrives", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 2 });
    const accountId = await createAccount(paid.coach);
    await passSessionEnd(t, paid);
    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Solid", rating: 5 });
    expect(res.body.booking.payoutStatus).toBe("pending");
    expect(stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.form.destination === accountId)).toHaveLength(0);

    await completeAtStripe(accountId);
    const transfers = stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.form.destination === accountId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.form.amount).toBe("8500");
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "paid" });
  });

  it("account.updated delivered to the webhook route releases waiting payouts", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 2 });
    const accountId = await createAccount(paid.coach);
    await passSessionEnd(t, paid);
    await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Solid", rating: 5 });
    expect((await deliver(stripe.completeAccount(accountId))).status).toBe(200);
    const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, paid.coach.coachId));
    expect(row).toMatchObject({ paymentDetailsSubmitted: true, paymentPayoutsEnabled: true });
    expect(stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.form.destination === accountId)).toHaveLength(1);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "paid" });
  });

  it("a transfer Stripe refuses waits, and the sweep sends it once with the same idempotency key", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 2 });
    const accountId = await createAccount(paid.coach);
    await completeAtStripe(accountId);
    await passSessionEnd(t, paid);
    stripe.failNext({ method: "POST", path: "/v1/transfers" }, { type: "api_error", message: "Try again later" }, 400);
    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Good", rating: 3 });
    expect(res.status).toBe(200);
    expect(res.body.booking.payoutStatus).toBe("pending");

    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    const attempts = stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.form.destination === accountId);
    expect(attempts.map((a) => a.idempotencyKey)).toEqual([`booking-${paid.bookingId}-payout`, `booking-${paid.bookingId}-payout`]);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "paid" });

    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    expect(stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.form.destination === accountId)).toHaveLength(2);
  });
});
