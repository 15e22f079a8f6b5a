import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, refunds } from "@server/db/schema/index";
import { recordDispute } from "@server/features/money-issues/money-issues.service";
import { MAX_MONEY_ATTEMPTS } from "@server/jobs/retry-policy";
import { get } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { registerUser } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("GET /api/admin/money-issues", () => {
  it("shows the admin a dispute on the booking it concerns, once however often it is reported, and payouts that are retrying or stopped", async () => {
    const paid = await createPaidBooking(t);
    const dispute = {
      id: "dp_test_1",
      chargeId: "ch_test_1",
      paymentIntentId: paid.paymentIntentId,
      amountCents: 9775,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
    };
    const openedAt = new Date("2031-01-02T03:04:05Z");
    await recordDispute(t.deps, dispute, openedAt);
    await recordDispute(t.deps, dispute, openedAt);

    const retrying = await createPaidBooking(t);
    const stopped = await createPaidBooking(t);
    const db = t.deps.database.db;
    const later = new Date("2031-01-02T04:00:00Z");
    await db
      .update(bookings)
      .set({ payoutStatus: "pending", payoutAttempts: 2, payoutLastError: "No such destination", payoutNextAttemptAt: later })
      .where(eq(bookings.id, retrying.bookingId));
    await db
      .update(bookings)
      .set({ payoutStatus: "pending", payoutAttempts: MAX_MONEY_ATTEMPTS, payoutLastError: "Account closed" })
      .where(eq(bookings.id, stopped.bookingId));

    // A refund the refund module gave up on after its bound.
    const unrefunded = await createPaidBooking(t);
    await db.insert(refunds).values({
      bookingId: unrefunded.bookingId,
      paymentIntentId: unrefunded.paymentIntentId,
      amountCents: 9775,
      reason: "coach_cancelled",
      status: "failed",
      attempts: 12,
      lastError: "Your card issuer declined the refund",
    });

    const admin = await registerUser(t.agent(), { userType: "admin" }, t);
    const res = await admin.agent.get("/api/admin/money-issues");
    expect(res.status).toBe(200);
    expect(res.body.refunds).toEqual([
      {
        bookingId: unrefunded.bookingId,
        paymentIntentId: unrefunded.paymentIntentId,
        amount: "97.75",
        state: "stopped",
        attempts: 12,
        lastError: "Your card issuer declined the refund",
        nextAttemptAt: null,
      },
    ]);
    expect(res.body.disputes).toEqual([
      {
        id: "dp_test_1",
        bookingId: paid.bookingId,
        paymentIntentId: paid.paymentIntentId,
        amount: "97.75",
        currency: "usd",
        reason: "fraudulent",
        status: "needs_response",
        openedAt: "2031-01-02T03:04:05.000Z",
      },
    ]);
    expect(res.body.payouts).toEqual([
      {
        bookingId: retrying.bookingId,
        coachId: retrying.coach.coachId,
        amount: "85.00",
        state: "retrying",
        attempts: 2,
        lastError: "No such destination",
        nextAttemptAt: later.toISOString(),
      },
      {
        bookingId: stopped.bookingId,
        coachId: stopped.coach.coachId,
        amount: "85.00",
        state: "stopped",
        attempts: MAX_MONEY_ATTEMPTS,
        lastError: "Account closed",
        nextAttemptAt: null,
      },
    ]);
  });

  it("is for admins only", async () => {
    const paid = await createPaidBooking(t);
    expect((await get(t, "/api/admin/money-issues", paid.student.cookie)).status).toBe(403);
    expect((await t.agent().get("/api/admin/money-issues")).status).toBe(401);
  });
});
