import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bookings, refunds, type RefundReason } from "../../db/schema/index";
import { instant, type Queryable } from "../../db/sql";

export type RefundRow = typeof refunds.$inferSelect;

/** One booking's refund of a charge, or (`bookingId` null) the one refund of a package purchase's charge. */
const ofSubject = (bookingId: number | null) => (bookingId === null ? isNull(refunds.bookingId) : eq(refunds.bookingId, bookingId));

/**
 * Records a charge to give back; a charge already recorded keeps its first row: one refund per
 * booking of a charge, one per purchase's charge (migration 0019's partial unique index).
 */
export async function insertRefund(
  tx: Tx,
  values: { bookingId?: number; purchaseId?: number; paymentIntentId: string; amountCents: number; reason: RefundReason; now: Date },
): Promise<void> {
  await tx
    .insert(refunds)
    .values({
      bookingId: values.bookingId ?? null,
      purchaseId: values.purchaseId ?? null,
      paymentIntentId: values.paymentIntentId,
      amountCents: values.amountCents,
      reason: values.reason,
      nextAttemptAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing(
      values.bookingId === undefined
        ? { target: refunds.paymentIntentId, where: sql`${refunds.purchaseId} is not null` }
        : { target: [refunds.paymentIntentId, refunds.bookingId] },
    );
}

/**
 * Claims one pending refund for a provider call: the attempt is counted and the next attempt moved
 * `leaseMs` ahead, so that no other process (request or sweep) calls the provider for it meanwhile;
 * if this process dies, the sweep takes it up when the lease runs out. Undefined when it is not due.
 */
export async function claimRefund(
  db: Queryable,
  paymentIntentId: string,
  bookingId: number | null,
  now: Date,
  leaseMs: number,
): Promise<RefundRow | undefined> {
  const rows = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(refunds.paymentIntentId, paymentIntentId),
        ofSubject(bookingId),
        eq(refunds.status, "pending"),
        sql`${refunds.nextAttemptAt} <= ${instant(now)}`,
      ),
    )
    .returning();
  return rows[0];
}

/** Like claimRefund, for up to `limit` due refunds at once (oldest due first), skipping rows another process is claiming. */
export async function claimDueRefunds(tx: Tx, now: Date, leaseMs: number, limit: number): Promise<RefundRow[]> {
  const due = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), sql`${refunds.nextAttemptAt} <= ${instant(now)}`))
    .orderBy(refunds.nextAttemptAt, refunds.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      inArray(
        refunds.id,
        due.map((d) => d.id),
      ),
    )
    .returning();
}

/**
 * The provider took the refund: the row is sent, and when the charge is the booking's own payment
 * the booking reads refunded. Returns the booking row when it changed.
 */
export async function markRefundSent(
  tx: Tx,
  refund: RefundRow,
  providerRefundId: string,
  now: Date,
): Promise<typeof bookings.$inferSelect | undefined> {
  await tx.update(refunds).set({ status: "sent", providerRefundId, lastError: null, updatedAt: now }).where(eq(refunds.id, refund.id));
  if (refund.bookingId === null) return undefined;
  const rows = await tx
    .update(bookings)
    .set({ paymentStatus: "refunded", refundId: providerRefundId, updatedAt: now })
    .where(
      and(
        eq(bookings.id, refund.bookingId),
        eq(bookings.paymentIntentId, refund.paymentIntentId),
        eq(bookings.paymentStatus, "refund_pending"),
      ),
    )
    .returning();
  return rows[0];
}

/** The attempt failed: tried again at `nextAttemptAt`, or given up (failed, for an admin) when `giveUp`. */
export async function markRefundAttemptFailed(
  db: Queryable,
  refundId: number,
  values: { error: string; nextAttemptAt: Date; giveUp: boolean; now: Date },
): Promise<void> {
  await db
    .update(refunds)
    .set({
      status: values.giveUp ? "failed" : "pending",
      lastError: values.error.slice(0, 500),
      nextAttemptAt: values.nextAttemptAt,
      updatedAt: values.now,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
}

export async function findRefundByPaymentIntent(
  db: Queryable,
  paymentIntentId: string,
  bookingId: number | null,
): Promise<RefundRow | undefined> {
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentIntentId, paymentIntentId), ofSubject(bookingId)))
    .limit(1);
  return rows[0];
}
