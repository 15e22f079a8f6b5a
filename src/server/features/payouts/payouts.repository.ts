import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bookings, coaches } from "../../db/schema/index";
import { type Queryable, instant, rowsOf } from "../../db/sql";

export type CoachRow = typeof coaches.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

export type AccountState = {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
};

export { coachRowOfUser as findCoachOfUser } from "../../db/coach-of-user";

/** Stores the account id once; a concurrent create that lost the race keeps the first id. */
export async function setPaymentAccountId(db: Queryable, coachId: number, accountId: string, now: Date): Promise<string> {
  await db
    .update(coaches)
    .set({ paymentAccountId: accountId, updatedAt: now })
    .where(and(eq(coaches.id, coachId), isNull(coaches.paymentAccountId)));
  const rows = await db.select({ id: coaches.paymentAccountId }).from(coaches).where(eq(coaches.id, coachId)).limit(1);
  return rows[0]?.id ?? accountId;
}

/** The coach's copy of their connected account's state; returns the coach whose account it is, if any. */
/**
 * Stores the account's state as of `asOf` unless what is stored is newer (events arrive in any
 * order). Answers the coach row either way (undefined when no coach has the account); `applied`
 * says whether it changed.
 */
export async function storeAccountState(
  db: Queryable,
  account: AccountState,
  asOf: Date,
  now: Date,
): Promise<{ coach: CoachRow; applied: boolean } | undefined> {
  const rows = await db
    .update(coaches)
    .set({
      paymentDetailsSubmitted: account.detailsSubmitted,
      paymentChargesEnabled: account.chargesEnabled,
      paymentPayoutsEnabled: account.payoutsEnabled,
      paymentRequirementsDue: account.requirementsDue,
      paymentAccountAsOf: asOf,
      updatedAt: now,
    })
    .where(and(eq(coaches.paymentAccountId, account.id), or(isNull(coaches.paymentAccountAsOf), lte(coaches.paymentAccountAsOf, asOf))))
    .returning();
  if (rows[0]) return { coach: rows[0], applied: true };
  const existing = await db.select().from(coaches).where(eq(coaches.paymentAccountId, account.id)).limit(1);
  return existing[0] ? { coach: existing[0], applied: false } : undefined;
}

export async function markPaidOut(db: Queryable, bookingId: number, transferId: string, now: Date): Promise<BookingRow | undefined> {
  const rows = await db
    .update(bookings)
    .set({ payoutStatus: "paid", transferId, payoutReleasedAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.payoutStatus, "pending")))
    .returning();
  return rows[0];
}

export type PayoutDue = { id: number; coachEarningsCents: number; paymentAccountId: string };

/** A waiting payout of a booking, with the coach's account when it is ready to receive it. */
export async function findPayoutDue(db: Queryable, bookingId: number): Promise<PayoutDue | undefined> {
  const rows = await db
    .select({ id: bookings.id, coachEarningsCents: bookings.coachEarningsCents, paymentAccountId: coaches.paymentAccountId })
    .from(bookings)
    .innerJoin(coaches, eq(coaches.id, bookings.coachId))
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.payoutStatus, "pending"),
        sql`${coaches.paymentAccountId} is not null`,
        eq(coaches.paymentPayoutsEnabled, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { ...row, paymentAccountId: row.paymentAccountId! } : undefined;
}

export async function listWaitingPayoutIdsOfCoach(db: Queryable, coachId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.coachId, coachId), eq(bookings.payoutStatus, "pending")))
    .orderBy(bookings.id);
  return rows.map((r) => r.id);
}

/**
 * Claims up to `limit` waiting payouts whose coach account is ready, skipping rows another process
 * holds and rows claimed less than `leaseMs` ago (updated_at is the claim's time), so that several
 * processes running the sweep do not all call the provider for the same booking. The provider's
 * idempotency key is what guarantees the money moves once; the claim only saves calls.
 */
export async function claimWaitingPayouts(tx: Tx, now: Date, leaseMs: number, limit: number): Promise<number[]> {
  const cutoff = new Date(now.getTime() - leaseMs);
  const result = await tx.execute(sql`
    with due as (
      select b.id from bookings b
      join coaches c on c.id = b.coach_id
      where b.payout_status = 'pending' and c.payment_account_id is not null and c.payment_payouts_enabled
        and b.updated_at <= ${instant(cutoff)}
      order by b.id
      limit ${limit}
      for update of b skip locked
    )
    update bookings b set updated_at = ${instant(now)}
    from due where b.id = due.id
    returning b.id
  `);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

export type EarningsFigures = {
  thisWeekSessions: number;
  monthlyEarningsCents: number;
  totalStudents: number;
  pendingPayoutCents: number;
  paidOutCents: number;
};

/** The dashboard's figures in one query; only sessions that were paid for (confirmed or completed) count. */
export async function earningsOfCoach(
  db: Queryable,
  coachId: number,
  week: { from: Date; to: Date },
  month: { from: Date; to: Date },
): Promise<EarningsFigures> {
  const held = sql`${bookings.status} in ('confirmed', 'completed')`;
  const rows = await db
    .select({
      thisWeekSessions: sql<number>`count(*) filter (where ${held} and ${bookings.startsAt} >= ${instant(week.from)} and ${bookings.startsAt} < ${instant(week.to)})::int`,
      monthlyEarningsCents: sql<number>`coalesce(sum(${bookings.coachEarningsCents}) filter (where ${held} and ${bookings.startsAt} >= ${instant(month.from)} and ${bookings.startsAt} < ${instant(month.to)}), 0)::int`,
      totalStudents: sql<number>`count(distinct ${bookings.studentId}) filter (where ${held})::int`,
      pendingPayoutCents: sql<number>`coalesce(sum(${bookings.coachEarningsCents}) filter (where ${held} and ${bookings.paymentStatus} = 'completed' and ${bookings.payoutStatus} <> 'paid'), 0)::int`,
      paidOutCents: sql<number>`coalesce(sum(${bookings.coachEarningsCents}) filter (where ${bookings.payoutStatus} = 'paid'), 0)::int`,
    })
    .from(bookings)
    .where(eq(bookings.coachId, coachId));
  const row = rows[0];
  return {
    thisWeekSessions: Number(row?.thisWeekSessions ?? 0),
    monthlyEarningsCents: Number(row?.monthlyEarningsCents ?? 0),
    totalStudents: Number(row?.totalStudents ?? 0),
    pendingPayoutCents: Number(row?.pendingPayoutCents ?? 0),
    paidOutCents: Number(row?.paidOutCents ?? 0),
  };
}
