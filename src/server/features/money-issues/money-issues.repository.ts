import { and, desc, eq, gt, gte, isNotNull, ne, or } from "drizzle-orm";
import type { Dispute, ProviderRefund } from "../../adapters/payments/provider";
import type { Db } from "../../db/client";
import { joinCoachUser, userNameSql } from "../../db/people";
import { athletes, bookings, outsideRefunds, packagePurchases, paymentDisputes, refunds, users } from "../../db/schema/index";
import { present } from "../../present";

export type DisputeRow = typeof paymentDisputes.$inferSelect;

/** Records a dispute once (the provider may send its event twice), on the booking its charge paid. */
export async function insertDispute(db: Db, dispute: Dispute, openedAt: Date): Promise<DisputeRow | undefined> {
  const booking = dispute.paymentIntentId
    ? (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentIntentId, dispute.paymentIntentId)).limit(1))[0]
    : undefined;
  const rows = await db
    .insert(paymentDisputes)
    .values({
      id: dispute.id,
      bookingId: booking?.id ?? null,
      paymentIntentId: dispute.paymentIntentId ?? null,
      chargeId: dispute.chargeId,
      amountCents: dispute.amountCents,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      openedAt,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function setDisputeStatus(db: Db, id: string, status: string): Promise<DisputeRow | undefined> {
  const rows = await db.update(paymentDisputes).set({ status }).where(eq(paymentDisputes.id, id)).returning();
  return rows[0];
}

export async function listDisputes(db: Db): Promise<DisputeRow[]> {
  return db.select().from(paymentDisputes).orderBy(desc(paymentDisputes.openedAt)).limit(500);
}

/** The coach's name as the admin reads it: first and last name of the coach's account. */
const coachName = userNameSql(users);

/**
 * Payouts that failed at least once, or were sent without an answer recorded; and payouts a
 * coach owes (a reversed no-show whose transfer the provider could not take back).
 */
export async function listTroubledPayouts(db: Db) {
  const query = db
    .select({
      bookingId: bookings.id,
      coachId: bookings.coachId,
      coachName,
      coachEarningsCents: bookings.coachEarningsCents,
      payoutStatus: bookings.payoutStatus,
      attempts: bookings.payoutAttempts,
      lastError: bookings.payoutLastError,
      nextAttemptAt: bookings.payoutNextAttemptAt,
      startedAt: bookings.payoutStartedAt,
    })
    .from(bookings)
    .$dynamic();
  return joinCoachUser(query, bookings.coachId)
    .where(
      or(
        and(eq(bookings.payoutStatus, "pending"), or(gt(bookings.payoutAttempts, 0), isNotNull(bookings.payoutStartedAt))),
        eq(bookings.payoutStatus, "owed"),
      ),
    )
    .orderBy(bookings.id)
    .limit(500);
}

/**
 * No-shows an admin may have to look at (DESIGN.md 11): those marked since `since` (still
 * reversible), those reversed since then, and every reversed one whose payout the coach still
 * owes, newest first.
 */
export async function listNoShows(db: Db, since: Date) {
  const query = db
    .select({
      bookingId: bookings.id,
      coachId: bookings.coachId,
      coachName,
      athleteFirstName: athletes.firstName,
      athleteLastName: athletes.lastName,
      status: bookings.status,
      startsAt: bookings.startsAt,
      totalCents: bookings.totalCents,
      coachEarningsCents: bookings.coachEarningsCents,
      paymentStatus: bookings.paymentStatus,
      packagePurchaseId: bookings.packagePurchaseId,
      payoutStatus: bookings.payoutStatus,
      noShowAt: bookings.noShowAt,
      noShowNote: bookings.noShowNote,
      noShowReversedAt: bookings.noShowReversedAt,
    })
    .from(bookings)
    .leftJoin(athletes, eq(athletes.id, bookings.athleteId))
    .$dynamic();
  return joinCoachUser(query, bookings.coachId)
    .where(
      and(
        isNotNull(bookings.noShowAt),
        or(
          and(eq(bookings.status, "no_show"), gte(bookings.noShowAt, since)),
          gte(bookings.noShowReversedAt, since),
          and(isNotNull(bookings.noShowReversedAt), eq(bookings.payoutStatus, "owed")),
        ),
      ),
    )
    .orderBy(desc(bookings.noShowAt), desc(bookings.id))
    .limit(500);
}

/** Refunds owed that failed at least once (being retried) or were given up after the refund module's bound. */
export async function listTroubledRefunds(db: Db) {
  return db
    .select({
      bookingId: refunds.bookingId,
      paymentIntentId: refunds.paymentIntentId,
      amountCents: refunds.amountCents,
      status: refunds.status,
      attempts: refunds.attempts,
      lastError: refunds.lastError,
      nextAttemptAt: refunds.nextAttemptAt,
    })
    .from(refunds)
    .where(or(eq(refunds.status, "failed"), and(eq(refunds.status, "pending"), gt(refunds.attempts, 0))))
    .orderBy(refunds.id)
    .limit(500);
}

export type OutsideRefundRow = typeof outsideRefunds.$inferSelect;

/** The refunds the app made of this payment, by the provider's refund id (those it has heard back about). */
export async function listAppRefundIds(db: Db, paymentIntentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.providerRefundId })
    .from(refunds)
    .where(and(eq(refunds.paymentIntentId, paymentIntentId), isNotNull(refunds.providerRefundId)));
  return rows.map((r) => present(r.id, "a provider refund id (the query asks for one)"));
}

/** What a payment paid for: its booking (the first, for a checkout of several, as for a dispute) or package purchase. */
export async function findChargeOwner(db: Db, paymentIntentId: string): Promise<{ bookingId: number | null; purchaseId: number | null }> {
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.paymentIntentId, paymentIntentId))
    .orderBy(bookings.id)
    .limit(1);
  const [purchase] = booking
    ? []
    : await db
        .select({ id: packagePurchases.id })
        .from(packagePurchases)
        .where(eq(packagePurchases.paymentIntentId, paymentIntentId))
        .limit(1);
  return { bookingId: booking?.id ?? null, purchaseId: purchase?.id ?? null };
}

/**
 * Records a refund made outside the app once (the provider may report it any number of times); a
 * later report with another status (a pending refund that succeeded or failed) updates it. Answers
 * whether it was new.
 */
export async function recordOutsideRefund(
  db: Db,
  refund: ProviderRefund,
  values: { chargeId: string; bookingId: number | null; purchaseId: number | null; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(outsideRefunds)
    .values({
      id: refund.id,
      bookingId: values.bookingId,
      purchaseId: values.purchaseId,
      paymentIntentId: refund.paymentIntentId,
      chargeId: values.chargeId,
      amountCents: refund.amountCents,
      currency: refund.currency,
      status: refund.status,
      refundedAt: refund.createdAt,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: outsideRefunds.id });
  if (inserted.length > 0) return true;
  await db
    .update(outsideRefunds)
    .set({ status: refund.status, updatedAt: values.now })
    .where(and(eq(outsideRefunds.id, refund.id), ne(outsideRefunds.status, refund.status)));
  return false;
}

export async function listOutsideRefunds(db: Db): Promise<OutsideRefundRow[]> {
  return db.select().from(outsideRefunds).orderBy(desc(outsideRefunds.refundedAt), desc(outsideRefunds.id)).limit(500);
}
