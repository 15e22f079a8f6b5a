import { and, eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { MAX_PROVIDER_CALLS_PER_15_MINUTES, PROVIDER_CALLS_MESSAGE } from "@contract/limits";
import { NO_SHOW_DISPUTE_REASON, NO_SHOW_MESSAGE_PREFIX } from "@contract/message-basics";
import { PackageMessages } from "@contract/packages";
import { bookings, rateLimitHits, simulatedPaymentObjects } from "@server/db/schema/index";
import { recordChargeRefunded, recordDispute, updateDispute } from "@server/features/money-issues/money-issues.service";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { createPaidBooking, GOOD_CARD, passSessionEnd } from "@tests/factories/paid-booking";
import { makeAdmin } from "@tests/factories/users";
import { bookWithCredit, buyPackage, createPackage } from "@tests/factories/packages";
import { useTestApp } from "@tests/support/test-app";
import { connectPayoutAccount } from "@tests/factories/payout-account";

/**
 * DESIGN.md 12 ("Families and money"), the money edges of families and packages (issue 28's are in money-edges.test.ts): a dispute or a dashboard refund of a charge
 * holds back every payout it paid for and voids a package's unused credits; refunding unused credits
 * twice is a 409; purchases, credit refunds and no-shows share the provider throttle.
 */
const t = useTestApp();

const db = () => t.deps.database.db;
const THREE_PACK = {
  title: "Three private hours",
  sessionType: "individual",
  duration: 60,
  sessionCount: 3,
  price: "240.00",
  validDays: 90,
};

async function advance(minutes: number): Promise<void> {
  expect((await request(t.app).post("/api/test/clock").send({ advanceMinutes: minutes })).status).toBe(200);
}

async function transfersOf(bookingIds: number[]) {
  const rows = await db().select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "transfer"));
  return rows.filter((r) => bookingIds.includes(Number((r.data as { metadata?: { bookingId?: string } }).metadata?.bookingId)));
}

async function payoutStatusOf(bookingId: number) {
  const [row] = await db().select({ payoutStatus: bookings.payoutStatus }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.payoutStatus;
}

/** A coach with a payout account and two paid sessions marked as no-shows 20 minutes after their start. */
async function twoNoShows() {
  const coach = await createBookableCoach(t);
  await connectPayoutAccount(t, coach);
  const kept = await createPaidBooking(t, { coach, hoursFromNow: 2 });
  const disputed = await createPaidBooking(t, { coach, hoursFromNow: 2 });
  await advance((kept.slot.startsAt.getTime() - t.deps.clock.now().getTime()) / 60_000 + 20);
  for (const b of [kept, disputed]) {
    const marked = await post(t, `/api/bookings/${b.bookingId}/no-show`, coach.cookie, { note: "Nobody came" });
    expect(marked.status).toBe(200);
    expect(marked.body.booking.payoutStatus).toBe("pending");
  }
  return { kept, disputed };
}

/** Two siblings in one group slot, paid in one checkout (one charge for both seats). */
async function sharedCheckout(coach: BookableCoach, hoursFromNow: number) {
  const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4, hoursFromNow });
  const parent = await createPerson(t);
  const ids: number[] = [];
  for (const child of [
    { firstName: "Mia", lastName: "Parker", birthday: "2011-04-02", position: "Attack" },
    { firstName: "Leo", lastName: "Parker", birthday: "2012-09-01", position: "Goalie" },
  ]) {
    const athlete = await post(t, "/api/athletes", parent.cookie, child);
    expect(athlete.status).toBe(201);
    const booked = await post(t, "/api/bookings", parent.cookie, {
      timeSlotId: slot.id,
      rateId: coach.rates.group60,
      sessionType: "group",
      duration: 60,
      athleteId: athlete.body.id,
    });
    expect(booked.status).toBe(201);
    ids.push(booked.body.id as number);
  }
  const intent = await post(t, "/api/create-payment-intent", parent.cookie, { bookingIds: ids });
  expect(intent.status).toBe(200);
  const paymentIntentId = intent.body.paymentIntentId as string;
  const paid = await post(t, "/api/payments/simulated/confirm", parent.cookie, { paymentIntentId, cardNumber: GOOD_CARD });
  expect(paid.body).toEqual({ status: "succeeded" });
  return { slot, parent, bookingIds: ids, paymentIntentId };
}

async function giveFeedback(coach: BookableCoach, bookingIds: number[]) {
  for (const id of bookingIds) {
    const res = await post(t, `/api/bookings/${id}/submit-feedback`, coach.cookie, { feedback: "Good work", rating: 4 });
    expect(res.status).toBe(200);
    expect(res.body.booking.payoutStatus).toBe("pending");
  }
}

async function buyThreePack(coach: BookableCoach, player: Person) {
  return buyPackage(t, player, (await createPackage(t, coach, THREE_PACK)).id);
}

async function remainingCredits(player: Person, purchaseId: number): Promise<number | undefined> {
  const res = await get(t, "/api/credits", player.cookie);
  expect(res.status).toBe(200);
  return (res.body as { id: number; remaining: number }[]).find((c) => c.id === purchaseId)?.remaining;
}

const dispute = (id: string, paymentIntentId: string, status = "needs_response") => ({
  id,
  chargeId: `ch_${paymentIntentId}`,
  paymentIntentId,
  amountCents: 1000,
  currency: "usd",
  reason: "fraudulent",
  status,
});

describe("money edges", () => {
  it("a dispute on a shared checkout holds back the payout of every booking it paid for, until it is won", async () => {
    const coach = await createBookableCoach(t);
    await connectPayoutAccount(t, coach);
    const checkout = await sharedCheckout(coach, 2);
    // The charge is recorded against the first booking; the second seat's payout waits all the same.
    await recordDispute(t.deps, dispute("dp_shared_checkout", checkout.paymentIntentId), t.deps.clock.now());
    await passSessionEnd(t, checkout);
    await giveFeedback(coach, checkout.bookingIds);
    await advance(10);
    expect(await transfersOf(checkout.bookingIds)).toEqual([]);
    for (const id of checkout.bookingIds) expect(await payoutStatusOf(id)).toBe("pending");

    await updateDispute(t.deps, dispute("dp_shared_checkout", checkout.paymentIntentId, "won"), t.deps.clock.now());
    await advance(10);
    expect(await transfersOf(checkout.bookingIds)).toHaveLength(2);
  });

  it("a dashboard refund of a shared checkout holds back the payout of every booking it paid for", async () => {
    const coach = await createBookableCoach(t);
    await connectPayoutAccount(t, coach);
    const checkout = await sharedCheckout(coach, 2);
    await t.deps.payments.refundPayment({
      paymentIntentId: checkout.paymentIntentId,
      idempotencyKey: "dashboard-shared",
      amountCents: 5000,
    });
    await recordChargeRefunded(t.deps, {
      id: `ch_${checkout.paymentIntentId}`,
      paymentIntentId: checkout.paymentIntentId,
      amountCents: 0,
      amountRefundedCents: 5000,
      currency: "usd",
    });
    await passSessionEnd(t, checkout);
    await giveFeedback(coach, checkout.bookingIds);
    await advance(10);
    expect(await transfersOf(checkout.bookingIds)).toEqual([]);
  });

  it("a dispute on a package's charge voids its unused credits and holds back the payout of the sessions they paid", async () => {
    const coach = await createBookableCoach(t);
    await connectPayoutAccount(t, coach);
    const player = await createPerson(t);
    const { purchaseId, paymentIntentId } = await buyThreePack(coach, player);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 2 });
    const booked = await bookWithCredit(t, player, coach, slot.id);
    expect(booked.status).toBe(201);
    expect(await remainingCredits(player, purchaseId)).toBe(2);

    await recordDispute(t.deps, dispute("dp_package", paymentIntentId), t.deps.clock.now());
    expect(await remainingCredits(player, purchaseId)).toBe(0);
    const another = await bookWithCredit(t, player, coach, (await createSlot(t, coach.coachId, { hoursFromNow: 30 })).id);
    expect(another.status).toBe(409);
    expect(another.body.message).toBe(PackageMessages.NO_CREDIT);

    await passSessionEnd(t, { slot });
    await giveFeedback(coach, [booked.body.id as number]);
    await advance(10);
    expect(await transfersOf([booked.body.id as number])).toEqual([]);
  });

  it("a dashboard refund of a package's charge voids its unused credits, and refunding them then answers 409", async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const { purchaseId, paymentIntentId } = await buyThreePack(coach, player);
    await t.deps.payments.refundPayment({ paymentIntentId, idempotencyKey: "dashboard-package", amountCents: 10_000 });
    await recordChargeRefunded(t.deps, {
      id: `ch_${paymentIntentId}`,
      paymentIntentId,
      amountCents: 27_600,
      amountRefundedCents: 10_000,
      currency: "usd",
    });
    expect(await remainingCredits(player, purchaseId)).toBe(0);
    const refund = await post(t, `/api/credits/${purchaseId}/refund`, coach.cookie, {});
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(PackageMessages.NOTHING_TO_REFUND);
  });

  it("refunding a package's unused credits twice answers 409, never 500, even after a used credit came back", async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const { purchaseId } = await buyThreePack(coach, player);
    const booked = await bookWithCredit(t, player, coach, (await createSlot(t, coach.coachId, { hoursFromNow: 72 })).id);
    expect(booked.status).toBe(201);

    // Two refunds at once: one is made, the other is told so.
    const [a, b] = await Promise.all([
      post(t, `/api/credits/${purchaseId}/refund`, coach.cookie, {}),
      post(t, `/api/credits/${purchaseId}/refund`, coach.cookie, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.message).toBe(PackageMessages.ALREADY_REFUNDED);

    // The family cancels the credit session a day ahead: the credit comes back, but the charge was refunded once.
    expect((await request(t.app).delete(`/api/bookings/${booked.body.id}`).set("Cookie", player.cookie)).status).toBe(200);
    expect(await remainingCredits(player, purchaseId)).toBe(1);
    const again = await post(t, `/api/credits/${purchaseId}/refund`, coach.cookie, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PackageMessages.ALREADY_REFUNDED);
    const refunds = await db().select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "refund"));
    expect(
      refunds.filter((r) => (r.data as { metadata?: { purchaseId?: string } }).metadata?.purchaseId === String(purchaseId)),
    ).toHaveLength(1);
  });

  it("package purchases, credit refunds and no-shows go through the per-user provider throttle", async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const pkg = await post(t, "/api/packages", coach.cookie, THREE_PACK);
    const exhaust = async (userId: number) => {
      await db()
        .insert(rateLimitHits)
        .values({
          key: `provider-calls:${userId}`,
          count: MAX_PROVIDER_CALLS_PER_15_MINUTES,
          resetAt: new Date(t.deps.clock.now().getTime() + 600_000),
        })
        .onConflictDoUpdate({ target: rateLimitHits.key, set: { count: MAX_PROVIDER_CALLS_PER_15_MINUTES } });
    };
    await exhaust(player.userId);
    const purchase = await post(t, `/api/packages/${pkg.body.id}/purchase`, player.cookie, {});
    expect(purchase.status).toBe(429);
    expect(purchase.body.message).toBe(PROVIDER_CALLS_MESSAGE);

    await exhaust(coach.userId);
    for (const path of ["/api/credits/1/refund", "/api/bookings/1/no-show"]) {
      const res = await post(t, path, coach.cookie, { note: "Nobody came" });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(PROVIDER_CALLS_MESSAGE);
    }
    // Another user is not affected.
    const other = await createPerson(t);
    expect((await post(t, `/api/packages/${pkg.body.id}/purchase`, other.cookie, {})).status).toBe(201);
    expect(
      await db()
        .select()
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, `provider-calls:${other.userId}`))),
    ).toHaveLength(1);
  });

  it("a no-show's payout waits 24 hours for the family's answer, and a dispute meanwhile holds it back", async () => {
    const { kept, disputed } = await twoNoShows();
    await recordDispute(t.deps, dispute("dp_no_show", disputed.paymentIntentId), t.deps.clock.now());
    await advance(23 * 60);
    expect(await transfersOf([kept.bookingId, disputed.bookingId])).toEqual([]);
    await advance(61);
    expect(await transfersOf([kept.bookingId])).toHaveLength(1);
    expect(await transfersOf([disputed.bookingId])).toEqual([]);
  });

  it("a family's Dispute of a no-show in messages holds its payout past the 24 hours until an admin decides", async () => {
    const { kept, disputed } = await twoNoShows();
    // The disputed family answers with "Dispute" under the no-show in its thread.
    const [thread] = (await get(t, "/api/conversations", disputed.student.cookie)).body as { id: number }[];
    const page = await get(t, `/api/conversations/${thread!.id}/messages`, disputed.student.cookie);
    const noShow = ((page.body.items ?? page.body) as { id: number; body: string }[]).find((m) =>
      m.body.startsWith(NO_SHOW_MESSAGE_PREFIX),
    );
    const report = await post(t, `/api/messages/${noShow!.id}/report`, disputed.student.cookie, { reason: NO_SHOW_DISPUTE_REASON });
    expect([200, 201]).toContain(report.status);

    await advance(25 * 60);
    expect(await transfersOf([kept.bookingId])).toHaveLength(1);
    expect(await transfersOf([disputed.bookingId])).toEqual([]);
    expect(await payoutStatusOf(disputed.bookingId)).toBe("pending");

    // The admin looks and dismisses the dispute: the coach is paid at the next sweep.
    const admin = await createPerson(t, "admin");
    await makeAdmin(t, admin.email);
    const resolved = await post(t, `/api/admin/message-reports/${report.body.id}/resolve`, admin.cookie, {
      action: "dismiss",
      note: "The coach's photos show an empty field.",
    });
    expect(resolved.status).toBe(200);
    await advance(10);
    expect(await transfersOf([disputed.bookingId])).toHaveLength(1);
  });
});
