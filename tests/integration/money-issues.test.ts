import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { MoneyIssues } from "@contract/money-issues";
import { athletes, bookings, refunds, simulatedPaymentObjects } from "@server/db/schema/index";
import { recordDispute } from "@server/features/money-issues/money-issues.service";
import { reconcilePayments } from "@server/features/reconcile/reconcile.service";
import { MAX_MONEY_ATTEMPTS } from "@server/jobs/retry-policy";
import { createPerson, get, post } from "@tests/factories/bookings";
import { createPaidBooking, type PaidBooking } from "@tests/factories/paid-booking";
import { registerUser } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";
import { connectPayoutAccount } from "@tests/factories/payout-account";

const t = useTestApp();

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
        coachName: "Casey Coach",
        amount: "85.00",
        state: "retrying",
        attempts: 2,
        lastError: "No such destination",
        nextAttemptAt: later.toISOString(),
      },
      {
        bookingId: stopped.bookingId,
        coachId: stopped.coach.coachId,
        coachName: "Casey Coach",
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

describe("no-shows and payouts a coach owes in GET /api/admin/money-issues", () => {
  const db = () => t.deps.database.db;

  async function transferOf(bookingId: number) {
    const rows = await db().select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "transfer"));
    return rows.filter((r) => (r.data as { metadata?: { bookingId?: string } }).metadata?.bookingId === String(bookingId));
  }

  async function athleteName(bookingId: number): Promise<string> {
    const [row] = await db()
      .select({ first: athletes.firstName, last: athletes.lastName })
      .from(bookings)
      .innerJoin(athletes, eq(athletes.id, bookings.athleteId))
      .where(eq(bookings.id, bookingId));
    return `${row!.first} ${row!.last}`.trim();
  }

  async function moneyIssues(cookie: string): Promise<MoneyIssues> {
    const res = await get(t, "/api/admin/money-issues", cookie);
    expect(res.status).toBe(200);
    return res.body as MoneyIssues;
  }

  const noShowOf = (issues: MoneyIssues, b: PaidBooking) => issues.noShows.find((n) => n.bookingId === b.bookingId);
  const payoutOf = (issues: MoneyIssues, b: PaidBooking) => issues.payouts.find((p) => p.bookingId === b.bookingId);

  it("lists a no-show the admin may reverse, then the payout the coach owes when the provider cannot take it back, until a retried clawback takes it", async () => {
    const admin = await createPerson(t, "admin");
    const kept = await createPaidBooking(t, { hoursFromNow: 2 });
    const owed = await createPaidBooking(t, { hoursFromNow: 2 });
    await connectPayoutAccount(t, kept.coach);
    await connectPayoutAccount(t, owed.coach);
    const started = owed.slot.startsAt.getTime() + 20 * 60_000 - t.deps.clock.now().getTime();
    expect(
      (
        await request(t.app)
          .post("/api/test/clock")
          .send({ advanceMinutes: Math.max(1, started / 60_000) })
      ).status,
    ).toBe(200);
    for (const b of [kept, owed]) {
      const marked = await post(t, `/api/bookings/${b.bookingId}/no-show`, b.coach.cookie, { note: "Nobody came to the field" });
      expect(marked.status).toBe(200);
      expect(marked.body.booking.payoutStatus).toBe("pending");
    }
    // The payouts wait 24 hours for the family's answer, then the sweep sends them.
    expect(
      (
        await request(t.app)
          .post("/api/test/clock")
          .send({ advanceMinutes: 24 * 60 + 1 })
      ).status,
    ).toBe(200);

    // Both stand as no-shows: booking, coach, athlete, what the family paid and what the coach was paid.
    let issues = await moneyIssues(admin.cookie);
    expect(noShowOf(issues, kept)).toEqual({
      bookingId: kept.bookingId,
      coachId: kept.coach.coachId,
      coachName: "Casey Coach",
      athleteName: await athleteName(kept.bookingId),
      sessionStartsAt: kept.slot.startsAt.toISOString(),
      markedAt: expect.any(String),
      note: "Nobody came to the field",
      amount: kept.totalAmount,
      payoutAmount: "85.00",
      state: "no_show",
      payoutStatus: "paid",
      familyRefund: "none",
      reversedAt: null,
    });
    expect(noShowOf(issues, owed)?.state).toBe("no_show");
    expect(payoutOf(issues, owed)).toBeUndefined();

    // The provider cannot take the payout back: the family is refunded, the coach owes the payout.
    const provider = t.deps.payments as { reverseTransfer: (typeof t.deps.payments)["reverseTransfer"] };
    const original = provider.reverseTransfer.bind(provider);
    provider.reverseTransfer = () => Promise.reject(new Error("Insufficient funds in the connected account"));
    try {
      const res = await post(t, `/api/admin/bookings/${owed.bookingId}/reverse-no-show`, admin.cookie, {});
      expect(res.status).toBe(200);
      expect(res.body.payout).toBe("owed");
      // Tried again while the provider still refuses: still owed, nothing sent twice.
      const again = await post(t, `/api/admin/bookings/${owed.bookingId}/reverse-no-show`, admin.cookie, {});
      expect(again.status).toBe(200);
      expect(again.body.payout).toBe("owed");
    } finally {
      provider.reverseTransfer = original;
    }
    issues = await moneyIssues(admin.cookie);
    expect(payoutOf(issues, owed)).toEqual({
      bookingId: owed.bookingId,
      coachId: owed.coach.coachId,
      coachName: "Casey Coach",
      amount: "85.00",
      state: "owed",
      attempts: 1,
      lastError: "Insufficient funds in the connected account",
      nextAttemptAt: null,
    });
    expect(noShowOf(issues, owed)).toMatchObject({
      state: "reversed",
      payoutStatus: "owed",
      familyRefund: "refunded",
      amount: owed.totalAmount,
      reversedAt: expect.any(String),
    });
    expect((await transferOf(owed.bookingId))[0]!.status).toBe("paid");

    // The admin retries the clawback: the transfer is taken back, and the payout leaves the list.
    const retried = await post(t, `/api/admin/bookings/${owed.bookingId}/reverse-no-show`, admin.cookie, {});
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ payout: "reversed", booking: { status: "cancelled", paymentStatus: "refunded" } });
    const transfers = await transferOf(owed.bookingId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.status).toBe("reversed");
    issues = await moneyIssues(admin.cookie);
    expect(payoutOf(issues, owed)).toBeUndefined();
    expect(noShowOf(issues, owed)).toMatchObject({ state: "reversed", payoutStatus: "reversed", familyRefund: "refunded" });
    expect(noShowOf(issues, kept)).toMatchObject({ state: "no_show", payoutStatus: "paid" });

    const mismatches = (await reconcilePayments(t.deps)).mismatches.filter((m) =>
      [kept.bookingId, owed.bookingId].includes(m.bookingId ?? 0),
    );
    expect(mismatches).toEqual([]);
  });

  it("leaves out no-shows older than the window, but never a payout still owed", async () => {
    const admin = await createPerson(t, "admin");
    const old = await createPaidBooking(t, { hoursFromNow: 2 });
    await db()
      .update(bookings)
      .set({ status: "no_show", noShowAt: new Date("2020-01-01T00:00:00Z"), noShowNote: "Long ago", payoutStatus: "pending" })
      .where(eq(bookings.id, old.bookingId));
    const oldOwed = await createPaidBooking(t, { hoursFromNow: 2 });
    const longAgo = new Date("2020-01-01T00:00:00Z");
    await db()
      .update(bookings)
      .set({
        status: "cancelled",
        cancelCode: "no_show_reversed",
        cancelledAt: longAgo,
        noShowAt: longAgo,
        noShowNote: "Long ago",
        noShowReversedAt: longAgo,
        paymentStatus: "refunded",
        payoutStatus: "owed",
        transferId: "tr_sim_long_ago",
      })
      .where(eq(bookings.id, oldOwed.bookingId));
    const issues = await moneyIssues(admin.cookie);
    expect(noShowOf(issues, old)).toBeUndefined();
    expect(noShowOf(issues, oldOwed)).toMatchObject({ state: "reversed", payoutStatus: "owed", reversedAt: longAgo.toISOString() });
    expect(payoutOf(issues, oldOwed)?.state).toBe("owed");
  });
});
