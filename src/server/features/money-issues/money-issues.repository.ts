import { and, desc, eq, gt, isNotNull, or } from "drizzle-orm";
import type { Dispute } from "../../adapters/payments/provider";
import type { Db } from "../../db/client";
import { bookings, paymentDisputes, refunds } from "../../db/schema/index";

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

/** Payouts that failed at least once, or were sent without an answer recorded. */
export async function listTroubledPayouts(db: Db) {
  return db
    .select({
      bookingId: bookings.id,
      coachId: bookings.coachId,
      coachEarningsCents: bookings.coachEarningsCents,
      attempts: bookings.payoutAttempts,
      lastError: bookings.payoutLastError,
      nextAttemptAt: bookings.payoutNextAttemptAt,
      startedAt: bookings.payoutStartedAt,
    })
    .from(bookings)
    .where(and(eq(bookings.payoutStatus, "pending"), or(gt(bookings.payoutAttempts, 0), isNotNull(bookings.payoutStartedAt))))
    .orderBy(bookings.id)
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
