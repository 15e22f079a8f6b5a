import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MoneyIssues } from "@contract/money-issues";
import { outsideRefunds } from "@server/db/schema/index";
import { recordChargeRefunded } from "@server/features/money-issues/money-issues.service";
import { reconcilePayments } from "@server/features/reconcile/reconcile.service";
import { createBookableCoach, createPerson, get, post, type Person } from "@tests/factories/bookings";
import { createPaidBooking, GOOD_CARD } from "@tests/factories/paid-booking";
import type { SignedWebhook, StripeStandIn } from "@tests/support/stripe-stand-in";
import { startStripeTestApp, deliverStripeWebhook } from "@tests/factories/stripe-app";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { createPackage } from "@tests/factories/packages";

/**
 * Issue 28, money edges: a refund made in the Stripe dashboard (`charge.refunded`) is recorded
 * against the booking or package purchase whose charge it gives back, once however often Stripe
 * reports it, so the admin's money issues and the reconciliation see it. The app's own refunds,
 * which Stripe reports with the same event, are not recorded twice.
 */

describe("charge.refunded with Stripe", () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let admin: Person;
  beforeAll(async () => {
    ({ stripe, t } = await startStripeTestApp());
    admin = await createPerson(t, "admin");
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const deliver = (webhook: Pick<SignedWebhook, "payload" | "signature">) => deliverStripeWebhook(t, webhook);

  async function moneyIssues(): Promise<MoneyIssues> {
    const res = await get(t, "/api/admin/money-issues", admin.cookie);
    expect(res.status).toBe(200);
    return res.body as MoneyIssues;
  }

  const recordedFor = (paymentIntentId: string) =>
    t.deps.database.db.select().from(outsideRefunds).where(eq(outsideRefunds.paymentIntentId, paymentIntentId));

  it("records a dashboard refund of a booking's charge once, shows it to the admin, and names it in the reconciliation", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 48 });
    const { refund, webhook } = stripe.refundOutsideApp(paid.paymentIntentId);

    expect((await deliver(webhook)).status).toBe(200);
    // Stripe retries a delivery it thinks failed, and may send the same news as a new event.
    expect((await deliver(webhook)).status).toBe(200);
    expect((await deliver(stripe.chargeRefunded(paid.paymentIntentId))).status).toBe(200);

    expect(await recordedFor(paid.paymentIntentId)).toHaveLength(1);
    const issues = await moneyIssues();
    expect(issues.outsideRefunds.filter((r) => r.paymentIntentId === paid.paymentIntentId)).toEqual([
      {
        id: refund.id,
        bookingId: paid.bookingId,
        purchaseId: null,
        paymentIntentId: paid.paymentIntentId,
        chargeId: stripe.paymentIntent(paid.paymentIntentId)!.latest_charge,
        amount: "97.75",
        currency: "usd",
        status: "succeeded",
        refundedAt: new Date(Number(refund.created) * 1000).toISOString(),
      },
    ]);

    // The booking is still confirmed but its money is gone: the reconciliation says so, and why.
    const report = await reconcilePayments(t.deps);
    const mine = report.mismatches.filter((m) => m.bookingId === paid.bookingId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.kind).toBe("CONFIRMED_WITHOUT_CHARGE");
    expect(mine[0]!.message).toContain(`refunded outside the app: ${refund.id} ($97.75)`);
  });

  it("records each partial dashboard refund once, and never the app's own refunds", async () => {
    const partial = await createPaidBooking(t, { stripe, hoursFromNow: 48 });
    const first = stripe.refundOutsideApp(partial.paymentIntentId, 1000);
    expect((await deliver(first.webhook)).status).toBe(200);
    const second = stripe.refundOutsideApp(partial.paymentIntentId, 500);
    expect((await deliver(second.webhook)).status).toBe(200);
    expect((await deliver(first.webhook)).status).toBe(200);
    const rows = await recordedFor(partial.paymentIntentId);
    expect(rows.map((r) => [r.id, r.amountCents, r.bookingId]).sort()).toEqual(
      [
        [first.refund.id, 1000, partial.bookingId],
        [second.refund.id, 500, partial.bookingId],
      ].sort(),
    );

    // The family cancels 48 hours ahead: the app refunds the charge, and Stripe reports that refund too.
    const cancelled = await createPaidBooking(t, { stripe, hoursFromNow: 48 });
    const cancel = await request(t.app)
      .delete(`/api/bookings/${cancelled.bookingId}`)
      .set("Cookie", cancelled.student.cookie)
      .set("Content-Type", "application/json")
      .send({});
    expect(cancel.status).toBe(200);
    expect(stripe.refunds().filter((r) => r.payment_intent === cancelled.paymentIntentId)).toHaveLength(1);
    expect((await deliver(stripe.chargeRefunded(cancelled.paymentIntentId))).status).toBe(200);
    expect(await recordedFor(cancelled.paymentIntentId)).toEqual([]);
    expect((await moneyIssues()).outsideRefunds.some((r) => r.paymentIntentId === cancelled.paymentIntentId)).toBe(false);
  });

  it("records a dashboard refund of a package purchase against the purchase", async () => {
    const coach = await createBookableCoach(t);
    const packageId = (await createPackage(t, coach)).id;
    const player = await createPerson(t);
    const started = await post(t, `/api/packages/${packageId}/purchase`, player.cookie, {});
    expect(started.status).toBe(201);
    const paymentIntentId = started.body.paymentIntentId as string;
    stripe.succeedPaymentIntent(paymentIntentId);
    expect((await post(t, "/api/confirm-payment", player.cookie, { paymentIntentId })).status).toBe(200);

    const { refund, webhook } = stripe.refundOutsideApp(paymentIntentId, 10_000);
    expect((await deliver(webhook)).status).toBe(200);
    const issue = (await moneyIssues()).outsideRefunds.find((r) => r.id === refund.id);
    expect(issue).toMatchObject({ bookingId: null, purchaseId: started.body.purchaseId, amount: "100.00", paymentIntentId });
  });

  it("answers the webhook with an error, recording nothing, when Stripe cannot list the refunds; its retry records the refund", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 48 });
    const { webhook } = stripe.refundOutsideApp(paid.paymentIntentId);
    stripe.failNext({ method: "GET", path: "/v1/refunds" }, { type: "invalid_request_error", message: "Stripe is having a bad day" }, 400);
    const refused = await deliver(webhook);
    expect(refused.status).toBe(502);
    expect(await recordedFor(paid.paymentIntentId)).toEqual([]);
    expect((await deliver(webhook)).status).toBe(200);
    expect(await recordedFor(paid.paymentIntentId)).toHaveLength(1);
  });
});

describe("charge.refunded with the simulated provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("reads the payment's refunds from the simulated provider: one made without the app's metadata is recorded, the app's are not", async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const packageId = (await createPackage(t, coach)).id;
    const started = await post(t, `/api/packages/${packageId}/purchase`, player.cookie, {});
    expect(started.status).toBe(201);
    const paymentIntentId = started.body.paymentIntentId as string;
    const paid = await post(t, "/api/payments/simulated/confirm", player.cookie, { paymentIntentId, cardNumber: GOOD_CARD });
    expect(paid.body).toEqual({ status: "succeeded" });

    // The app's refund carries its reason and what it is for; the other one carries nothing.
    await t.deps.payments.refundPayment({
      paymentIntentId,
      idempotencyKey: "test-app-refund",
      amountCents: 2000,
      metadata: { purchaseId: String(started.body.purchaseId), reason: "credits_refunded" },
    });
    const outside = await t.deps.payments.refundPayment({ paymentIntentId, idempotencyKey: "test-dashboard-refund", amountCents: 3000 });
    const charge = { id: `ch_${paymentIntentId}`, paymentIntentId, amountCents: 40250, amountRefundedCents: 5000, currency: "usd" };
    await recordChargeRefunded(t.deps, charge);
    await recordChargeRefunded(t.deps, charge);

    const rows = await t.deps.database.db.select().from(outsideRefunds).where(eq(outsideRefunds.paymentIntentId, paymentIntentId));
    expect(rows).toEqual([
      expect.objectContaining({
        id: outside.id,
        purchaseId: started.body.purchaseId,
        bookingId: null,
        amountCents: 3000,
        status: "succeeded",
      }),
    ]);
  });

  it("leaves a booking paid through the app alone when nothing was refunded outside it", async () => {
    const paid = await createPaidBooking(t);
    await recordChargeRefunded(t.deps, {
      id: `ch_${paid.paymentIntentId}`,
      paymentIntentId: paid.paymentIntentId,
      amountCents: 9775,
      amountRefundedCents: 0,
      currency: "usd",
    });
    expect(await t.deps.database.db.select().from(outsideRefunds).where(eq(outsideRefunds.bookingId, paid.bookingId))).toEqual([]);
  });
});
