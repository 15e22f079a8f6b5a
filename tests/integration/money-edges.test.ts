import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { bookings, coaches } from "@server/db/schema/index";
import { applyAccountUpdate } from "@server/features/payouts/payouts.service";
import { post, type BookableCoach } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd } from "@tests/factories/paid-booking";
import type { SignedWebhook } from "@tests/support/stripe-stand-in";
import { useStripeTestApp, deliverStripeWebhook } from "@tests/factories/stripe-app";

/** Issue 28, money edges: transfers carry source_transaction; a dispute holds the payout back until it is settled. */
const { stripe, t } = useStripeTestApp();

const deliver = (webhook: Pick<SignedWebhook, "payload" | "signature">) => deliverStripeWebhook(t, webhook);

async function readyAccount(coach: BookableCoach): Promise<string> {
  expect((await post(t, "/api/stripe/connect/create-account", coach.cookie, {})).status).toBe(200);
  const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, coach.coachId));
  const webhook = stripe.completeAccount(row!.paymentAccountId!);
  const event = t.deps.payments.parseWebhookEvent(Buffer.from(webhook.payload), webhook.signature);
  if (event.type !== "account.updated") throw new Error(`unexpected event ${event.type}`);
  await applyAccountUpdate(t.deps, event.account);
  return row!.paymentAccountId!;
}

const transfersOf = (bookingId: number) =>
  stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.form["metadata[bookingId]"] === String(bookingId));

describe("money edges", () => {
  it("a payout transfer carries the student's charge as source_transaction", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 2 });
    await readyAccount(paid.coach);
    await passSessionEnd(t, paid);
    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Well played", rating: 4 });
    expect(res.status).toBe(200);
    const [transfer] = transfersOf(paid.bookingId);
    expect(transfer?.form.source_transaction).toBe(stripe.paymentIntent(paid.paymentIntentId)?.latest_charge);
    expect(transfer?.form.source_transaction).toMatch(/^ch_/);
  });

  it("a dispute holds the coach's payout back until it is won", async () => {
    const paid = await createPaidBooking(t, { stripe, hoursFromNow: 2 });
    await readyAccount(paid.coach);
    const dispute = {
      id: `dp_${paid.bookingId}`,
      object: "dispute",
      charge: `ch_${paid.paymentIntentId.replace(/^pi_/, "")}`,
      payment_intent: paid.paymentIntentId,
      amount: 9775,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
    };
    expect((await deliver(stripe.signEvent("charge.dispute.created", dispute))).status).toBe(200);
    await passSessionEnd(t, paid);
    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Good", rating: 5 });
    expect(res.status).toBe(200);
    expect(res.body.booking.payoutStatus).toBe("pending");
    expect(transfersOf(paid.bookingId)).toHaveLength(0);

    // Still open under review: still held, whatever the sweeps do.
    expect((await deliver(stripe.signEvent("charge.dispute.updated", { ...dispute, status: "under_review" }))).status).toBe(200);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 120 });
    expect(transfersOf(paid.bookingId)).toHaveLength(0);

    // Won: the payout sweep sends it.
    expect((await deliver(stripe.signEvent("charge.dispute.closed", { ...dispute, status: "won" }))).status).toBe(200);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    expect(transfersOf(paid.bookingId)).toHaveLength(1);
    const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(row!.payoutStatus).toBe("paid");
  });
});
