import { and, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { bookings, coaches } from "../../db/schema/index";
import { type Queryable, instant, rowsOf } from "../../db/sql";

import type { CoachRow } from "../../db/coach-of-user";

export type BookingRow = typeof bookings.$inferSelect;
export type { CoachRow };

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

/** The transfer went out (or was found at the provider): paid, and no longer in flight. */
export async function markPaidOut(db: Queryable, bookingId: number, transferId: string, now: Date): Promise<BookingRow | undefined> {
  const rows = await db
    .update(bookings)
    .set({ payoutStatus: "paid", transferId, payoutReleasedAt: now, payoutStartedAt: null, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.payoutStatus, "pending")))
    .returning();
  return rows[0];
}

/**
 * The attempt failed (or, when `nextAttemptAt` is null, was given up): no longer in flight, the
 * error kept for the admin, the next attempt not before `nextAttemptAt`.
 */
export async function markPayoutAttemptFailed(
  db: Queryable,
  bookingId: number,
  failure: { error: string; nextAttemptAt: Date | null; now: Date },
): Promise<void> {
  await db
    .update(bookings)
    .set({ payoutStartedAt: null, payoutLastError: failure.error, payoutNextAttemptAt: failure.nextAttemptAt, updatedAt: failure.now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.payoutStatus, "pending")));
}

export type ClaimedPayout = {
  id: number;
  coachEarningsCents: number;
  paymentAccountId: string;
  /** Counting this one. */
  attempts: number;
  /** Set when an earlier attempt was sent and no answer was recorded: it may have moved the money. */
  inFlightSince: Date | null;
  /** False when the attempts had run out: a transfer in flight may be looked up, but nothing is sent. */
  maySend: boolean;
  /** The student's payment: the transfer is tied to its charge (Stripe's source_transaction). */
  paymentIntentId: string | null;
};

/**
 * Which payouts may be tried now (bookings `b` joined to their coaches `c`): waiting, the coach's
 * account can receive, the backoff has passed, and either not in flight with attempts left, or in
 * flight for longer than `graceMs` (its process died or lost the answer; it is looked up first).
 */
/** The charge of the package purchase whose credit paid booking `b` (null for a card booking). */
const purchaseIntentOf = sql.raw(`(select pp.payment_intent_id from package_purchases pp where pp.id = b.package_purchase_id)`);

function payoutDue(now: Date, graceMs: number, maxAttempts: number): SQL {
  const inFlightCutoff = new Date(now.getTime() - graceMs);
  return sql`b.payout_status = 'pending' and c.payment_account_id is not null and c.payment_payouts_enabled
    and (b.payout_next_attempt_at is null or b.payout_next_attempt_at <= ${instant(now)})
    and ((b.payout_started_at is null and b.payout_attempts < ${maxAttempts}) or b.payout_started_at <= ${instant(inFlightCutoff)})
    -- A disputed charge holds back every payout it paid for until the dispute is settled in the
    -- platform's favour (issue 28): the booking's own charge, which one checkout may share with
    -- siblings or a series, or the package purchase whose credit paid the session (DESIGN.md 12).
    and not exists (select 1 from payment_disputes d where d.status not in ('won', 'warning_closed')
      and (d.booking_id = b.id or d.payment_intent_id = b.payment_intent_id or d.payment_intent_id = ${purchaseIntentOf}))
    -- So does the family's open "Dispute" of a no-show in messages (DESIGN.md 12): an admin decides.
    and not exists (select 1 from messages m join message_reports mr on mr.message_id = m.id
      where m.booking_id = b.id and mr.resolved_at is null)
    -- So does a refund of that charge made outside the app (the provider's dashboard): a person decides.
    and not exists (select 1 from outside_refunds r where r.status in ('succeeded', 'pending')
      and (r.booking_id = b.id or r.payment_intent_id = b.payment_intent_id or r.payment_intent_id = ${purchaseIntentOf}))`;
}

/**
 * Claims one payout before the provider is called, in one statement: only one caller (the
 * feedback, an account update, the sweep, in any process) gets it, and from then on it reads as in
 * flight, so no other caller sends a second transfer whatever the provider remembers of keys.
 */
export async function claimPayout(
  db: Queryable,
  bookingId: number,
  now: Date,
  policy: { graceMs: number; maxAttempts: number },
): Promise<ClaimedPayout | undefined> {
  const result = await db.execute(sql`
    with due as (
      select b.id, b.payout_started_at as in_flight_since, b.payout_attempts as previous_attempts, c.payment_account_id
      from bookings b
      join coaches c on c.id = b.coach_id
      where b.id = ${bookingId} and ${payoutDue(now, policy.graceMs, policy.maxAttempts)}
      -- Waits for a lock another transaction holds on the booking (a second feedback being refused,
      -- say) instead of skipping it: skipped, the payout would wait for the sweep. Once the lock is
      -- free the row is read again, so a payout another caller claimed meanwhile is not claimed twice.
      for update of b
    )
    update bookings b
    set payout_started_at = ${instant(now)},
      payout_attempts = case when due.previous_attempts < ${policy.maxAttempts} then b.payout_attempts + 1 else b.payout_attempts end,
      updated_at = ${instant(now)}
    from due
    where b.id = due.id
    returning b.id, b.coach_earnings_cents, b.payout_attempts, due.payment_account_id, due.in_flight_since, due.previous_attempts, b.payment_intent_id
  `);
  const row = rowsOf<{
    id: number;
    coach_earnings_cents: number;
    payout_attempts: number;
    payment_account_id: string;
    in_flight_since: Date | string | null;
    previous_attempts: number;
    payment_intent_id: string | null;
  }>(result)[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    coachEarningsCents: Number(row.coach_earnings_cents),
    paymentAccountId: row.payment_account_id,
    attempts: Number(row.payout_attempts),
    inFlightSince: row.in_flight_since === null ? null : new Date(row.in_flight_since),
    maySend: Number(row.previous_attempts) < policy.maxAttempts,
    paymentIntentId: row.payment_intent_id,
  };
}

export async function listWaitingPayoutIdsOfCoach(db: Queryable, coachId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.coachId, coachId), eq(bookings.payoutStatus, "pending")))
    .orderBy(bookings.id);
  return rows.map((r) => r.id);
}

/** Up to `limit` payouts the sweep may try now (each is then claimed on its own, just before its call). */
export async function listDuePayoutIds(
  db: Queryable,
  now: Date,
  policy: { graceMs: number; maxAttempts: number },
  limit: number,
): Promise<number[]> {
  const result = await db.execute(sql`
    select b.id from bookings b
    join coaches c on c.id = b.coach_id
    where ${payoutDue(now, policy.graceMs, policy.maxAttempts)}
    order by b.payout_next_attempt_at nulls first, b.id
    limit ${limit}
  `);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}
