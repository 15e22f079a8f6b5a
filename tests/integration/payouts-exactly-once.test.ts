import { useStripeTestApp } from "@tests/factories/stripe-app";
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { idempotencyKeys, transferGroups } from "@server/adapters/payments/idempotency-keys";
import { bookings } from "@server/db/schema/index";
import { applyAccountUpdate, sendWaitingPayouts } from "@server/features/payouts/payouts.service";
import { IN_FLIGHT_GRACE_MS, MAX_MONEY_ATTEMPTS, nextAttemptAt } from "@server/jobs/retry-policy";
import { post } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd, type PaidBooking } from "@tests/factories/paid-booking";
import { registerUser } from "@tests/factories/users";

/**
 * Payouts go out exactly once (issue 14, DESIGN.md 4), even when the provider no longer remembers
 * the idempotency key: the Stripe stand-in here forgets every key, as Stripe does after a day.
 */
const { stripe, t } = useStripeTestApp({ prepare: (stand) => stand.expireIdempotencyKeys() });

const TRANSFERS = "/v1/transfers";
const PROVIDER_DOWN = { type: "api_error", message: "Stripe is unavailable" };
/** Stripe's SDK retries a 5xx by itself; a 400 reaches the app as one failed attempt. */
const failTransfer = () => stripe.failNext({ method: "POST", path: TRANSFERS }, PROVIDER_DOWN, 400);

/** A paid session that has ended, whose coach has a Stripe account that can receive payouts. */
async function endedSessionWithReadyCoach(): Promise<PaidBooking & { accountId: string }> {
  const paid = await createPaidBooking(t, { stripe, hoursFromNow: 2 });
  expect((await post(t, "/api/stripe/connect/create-account", paid.coach.cookie, {})).status).toBe(200);
  const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, paid.bookingId));
  const coach = await t.deps.database.db.query.coaches.findFirst({ where: (c, { eq: is }) => is(c.id, row!.coachId) });
  const accountId = coach!.paymentAccountId!;
  const webhook = stripe.completeAccount(accountId);
  const event = t.deps.payments.parseWebhookEvent(Buffer.from(webhook.payload), webhook.signature);
  if (event.type !== "account.updated") throw new Error(`unexpected event ${event.type}`);
  await applyAccountUpdate(t.deps, event.account);
  await passSessionEnd(t, paid);
  return { ...paid, accountId };
}

function feedback(paid: PaidBooking) {
  return post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Good work", rating: 4 });
}

async function bookingRow(id: number) {
  const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** Moves the test clock; the sweeps run with it, as on a server whose timer fires. */
async function advance(minutes: number): Promise<void> {
  const res = await request(t.app).post("/api/test/clock").send({ advanceMinutes: minutes });
  expect(res.status).toBe(200);
}

const transferRequests = (accountId: string) => stripe.requestsTo("POST", TRANSFERS).filter((r) => r.form.destination === accountId);

async function adminMoneyIssues() {
  const admin = await registerUser(t.agent(), { userType: "admin" }, t);
  const res = await admin.agent.get("/api/admin/money-issues");
  expect(res.status).toBe(200);
  return res.body as {
    payouts: { bookingId: number; state: string; attempts: number; lastError: string | null; nextAttemptAt: string | null }[];
  };
}

describe("payouts go out exactly once", () => {
  it("a transfer whose answer was lost is found at the provider after the grace and marked paid, never sent twice", async () => {
    const paid = await endedSessionWithReadyCoach();
    failTransfer();
    expect((await feedback(paid)).body.booking.payoutStatus).toBe("pending");

    // The next attempt reached Stripe, which moved the money, but the process died before it could
    // record the answer: the booking still reads in flight.
    const lost = await t.deps.payments.createTransfer({
      amountCents: 8_500,
      destinationAccountId: paid.accountId,
      idempotencyKey: idempotencyKeys.payout(paid.bookingId),
      transferGroup: transferGroups.payout(paid.bookingId),
      metadata: { bookingId: String(paid.bookingId) },
    });
    await t.deps.database.db
      .update(bookings)
      .set({ payoutStartedAt: t.deps.clock.now(), payoutAttempts: 2 })
      .where(eq(bookings.id, paid.bookingId));
    const sentBefore = transferRequests(paid.accountId).length;

    // Within the grace the transfer may still be under way: nobody touches it.
    await advance(IN_FLIGHT_GRACE_MS / 60_000 - 1);
    expect(transferRequests(paid.accountId)).toHaveLength(sentBefore);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "pending" });
    expect((await adminMoneyIssues()).payouts.find((p) => p.bookingId === paid.bookingId)?.state).toBe("in_flight");

    // After it, the sweep asks Stripe by the payout's transfer group, finds the transfer and records it.
    await advance(2);
    expect(stripe.requestsTo("GET", TRANSFERS).some((r) => r.form.transfer_group === `booking_${paid.bookingId}`)).toBe(true);
    expect(transferRequests(paid.accountId)).toHaveLength(sentBefore);
    expect(stripe.transfers(paid.accountId).map((tr) => tr.id)).toEqual([lost.id]);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "paid", transferId: lost.id, payoutStartedAt: null });
    expect((await adminMoneyIssues()).payouts.find((p) => p.bookingId === paid.bookingId)).toBeUndefined();

    await advance(24 * 60);
    expect(stripe.transfers(paid.accountId)).toHaveLength(1);
  });

  it("a transfer Stripe made although its call answered an error is found on the retry, not sent again", async () => {
    const paid = await endedSessionWithReadyCoach();
    stripe.actThenFailNext({ method: "POST", path: TRANSFERS }, PROVIDER_DOWN, 400);
    expect((await feedback(paid)).body.booking.payoutStatus).toBe("pending");
    expect(stripe.transfers(paid.accountId)).toHaveLength(1);
    const row = await bookingRow(paid.bookingId);
    expect(row).toMatchObject({ payoutAttempts: 1, payoutStartedAt: null, payoutLastError: PROVIDER_DOWN.message });

    // The backoff passes; the retry asks Stripe by the transfer group before sending anything.
    await advance(Math.ceil((row.payoutNextAttemptAt!.getTime() - t.deps.clock.now().getTime()) / 60_000) + 1);
    expect(transferRequests(paid.accountId)).toHaveLength(1);
    expect(stripe.transfers(paid.accountId)).toHaveLength(1);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "paid", transferId: stripe.transfers(paid.accountId)[0]!.id });
  });

  it("the feedback and the sweep releasing one payout at once make one transfer, though Stripe has forgotten the key", async () => {
    const paid = await endedSessionWithReadyCoach();
    // Stripe takes the feedback's transfer at once but its answer is slow; meanwhile the sweep runs
    // (in another process, its clock a minute on).
    stripe.delayNext({ method: "POST", path: TRANSFERS }, 600);
    const fromFeedback = feedback(paid).then((res) => res);
    await expect.poll(() => transferRequests(paid.accountId).length, { timeout: 5_000, interval: 10 }).toBe(1);
    t.deps.clock.advanceMinutes(1);
    await sendWaitingPayouts(t.deps);
    const res = await fromFeedback;
    expect(res.status).toBe(200);
    expect(res.body.booking.payoutStatus).toBe("paid");

    await advance(IN_FLIGHT_GRACE_MS / 60_000 + 1);
    expect(transferRequests(paid.accountId)).toHaveLength(1);
    expect(stripe.transfers(paid.accountId)).toHaveLength(1);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "paid", transferId: stripe.transfers(paid.accountId)[0]!.id });
  });

  it("a failing payout is retried only when its backoff has passed, and stops after the bound for an admin", async () => {
    const paid = await endedSessionWithReadyCoach();
    for (let i = 0; i < MAX_MONEY_ATTEMPTS; i++) failTransfer();
    expect((await feedback(paid)).body.booking.payoutStatus).toBe("pending");
    expect(transferRequests(paid.accountId)).toHaveLength(1);

    for (let attempt = 1; attempt < MAX_MONEY_ATTEMPTS; attempt++) {
      const row = await bookingRow(paid.bookingId);
      expect(row).toMatchObject({ payoutAttempts: attempt, payoutStartedAt: null, payoutLastError: PROVIDER_DOWN.message });
      // The delay doubles from a minute (the test clock runs on with real time, hence the margin).
      const waitMinutes = (row.payoutNextAttemptAt!.getTime() - t.deps.clock.now().getTime()) / 60_000;
      const backoffMinutes = nextAttemptAt(new Date(0), attempt).getTime() / 60_000;
      expect(waitMinutes).toBeGreaterThan(backoffMinutes - 0.5);
      expect(waitMinutes).toBeLessThanOrEqual(backoffMinutes);
      // A minute early: the sweep leaves it alone.
      await advance(Math.max(0, waitMinutes - 1));
      expect(transferRequests(paid.accountId)).toHaveLength(attempt);
      await advance(1);
      expect(transferRequests(paid.accountId)).toHaveLength(attempt + 1);
    }

    const stopped = (await adminMoneyIssues()).payouts.find((p) => p.bookingId === paid.bookingId);
    expect(stopped).toEqual(
      expect.objectContaining({ state: "stopped", attempts: MAX_MONEY_ATTEMPTS, lastError: PROVIDER_DOWN.message, nextAttemptAt: null }),
    );
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "pending", payoutStartedAt: null });
    expect(stripe.transfers(paid.accountId)).toHaveLength(0);
  });

  it("the sweep does not retry a stopped payout", async () => {
    const paid = await endedSessionWithReadyCoach();
    failTransfer();
    expect((await feedback(paid)).body.booking.payoutStatus).toBe("pending");
    // It has failed as often as the bound allows, the last time long ago.
    await t.deps.database.db
      .update(bookings)
      .set({ payoutAttempts: MAX_MONEY_ATTEMPTS, payoutNextAttemptAt: null, payoutLastError: "Account closed" })
      .where(eq(bookings.id, paid.bookingId));

    await advance(7 * 24 * 60);
    expect(transferRequests(paid.accountId)).toHaveLength(1);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "pending", payoutAttempts: MAX_MONEY_ATTEMPTS });
    expect((await adminMoneyIssues()).payouts.find((p) => p.bookingId === paid.bookingId)).toMatchObject({
      state: "stopped",
      lastError: "Account closed",
    });
  });
});
