import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { bookings, coaches, sessionFeedback, timeSlots, users } from "../../db/schema/index";

type Queryable = Db | Tx;

export type CoachRow = typeof coaches.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

export type AccountState = {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
};

/** Why a paid booking was cancelled by the payments feature (a payment that came too late); its own sweep refunds those. */
const LATE_PAYMENT_REASONS = ["hold_expired", "paid_after_hold_expired", "payment_amount_mismatch", "cancelled_before_payment"];

const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function findCoachOfUser(db: Queryable, userId: number): Promise<CoachRow | undefined> {
  const rows = await db.select().from(coaches).where(eq(coaches.userId, userId)).limit(1);
  return rows[0];
}

export async function findCoach(db: Queryable, coachId: number): Promise<CoachRow | undefined> {
  const rows = await db.select().from(coaches).where(eq(coaches.id, coachId)).limit(1);
  return rows[0];
}

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
export async function storeAccountState(db: Queryable, account: AccountState, now: Date): Promise<CoachRow | undefined> {
  const rows = await db
    .update(coaches)
    .set({
      paymentDetailsSubmitted: account.detailsSubmitted,
      paymentChargesEnabled: account.chargesEnabled,
      paymentPayoutsEnabled: account.payoutsEnabled,
      paymentRequirementsDue: account.requirementsDue,
      updatedAt: now,
    })
    .where(eq(coaches.paymentAccountId, account.id))
    .returning();
  return rows[0];
}

export type BookingWithPeople = {
  booking: BookingRow;
  coach: { id: number; userId: number; timeZone: string; firstName: string | null; lastName: string | null };
  student: {
    id: number;
    email: string;
    firstName: string | null;
    lastName: string | null;
    phoneNumber: string | null;
    parentPhoneNumber: string | null;
  };
};

const coachUsers = alias(users, "coach_user");

export async function findBookingWithPeople(db: Queryable, bookingId: number): Promise<BookingWithPeople | undefined> {
  const rows = await findBookingsWithPeople(db, [bookingId]);
  return rows[0];
}

export async function findBookingsWithPeople(db: Queryable, bookingIds: number[]): Promise<BookingWithPeople[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({
      booking: bookings,
      coach: {
        id: coaches.id,
        userId: coaches.userId,
        timeZone: coaches.timeZone,
        firstName: coachUsers.firstName,
        lastName: coachUsers.lastName,
      },
      student: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        parentPhoneNumber: users.parentPhoneNumber,
      },
    })
    .from(bookings)
    .innerJoin(coaches, eq(coaches.id, bookings.coachId))
    .innerJoin(coachUsers, eq(coachUsers.id, coaches.userId))
    .innerJoin(users, eq(users.id, bookings.studentId))
    .where(inArray(bookings.id, bookingIds))
    .orderBy(bookings.id);
  return rows;
}

/** Slot first, then bookings: the lock order of booking, confirming and the sweeps, so none can deadlock. */
export async function lockSlot(tx: Tx, slotId: number): Promise<{ id: number } | undefined> {
  const rows = await tx.select({ id: timeSlots.id }).from(timeSlots).where(eq(timeSlots.id, slotId)).for("update");
  return rows[0];
}

export async function lockBooking(tx: Tx, bookingId: number): Promise<BookingRow | undefined> {
  const rows = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  return rows[0];
}

/** Bookings of the slot that still hold a seat or wait for payment. */
export async function lockActiveBookingsOfSlot(tx: Tx, slotId: number): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), inArray(bookings.status, ["pending", "confirmed"])))
    .orderBy(bookings.id)
    .for("update");
}

export async function cancelBooking(
  tx: Tx,
  bookingId: number,
  values: { paid: boolean; reason: string; now: Date },
): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(bookings)
    .set({
      status: "cancelled",
      ...(values.paid ? { paymentStatus: "refund_pending" as const } : {}),
      holdExpiresAt: null,
      cancellationReason: values.reason,
      cancelledAt: values.now,
      updatedAt: values.now,
    })
    .where(eq(bookings.id, bookingId))
    .returning();
  return rows[0];
}

/** A session the coach cancelled will not happen: its slot is closed so that nobody books it again. */
export async function closeSlot(tx: Tx, slotId: number, now: Date): Promise<void> {
  await tx.update(timeSlots).set({ isAvailable: false, cancelledAt: now, updatedAt: now }).where(eq(timeSlots.id, slotId));
}

/** Records a refund the provider accepted; only a booking still waiting for it changes. */
export async function markRefunded(db: Queryable, bookingId: number, refundId: string, now: Date): Promise<BookingRow | undefined> {
  const rows = await db
    .update(bookings)
    .set({ paymentStatus: "refunded", refundId, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, "refund_pending")))
    .returning();
  return rows[0];
}

export class DuplicateFeedbackError extends Error {}

export async function insertFeedback(tx: Tx, values: { bookingId: number; coachId: number; feedback: string; rating: number; now: Date }) {
  try {
    await tx.insert(sessionFeedback).values({
      bookingId: values.bookingId,
      coachId: values.coachId,
      feedback: values.feedback,
      rating: values.rating,
      createdAt: values.now,
    });
  } catch (err) {
    if (isUniqueViolation(err, "session_feedback_booking_key")) throw new DuplicateFeedbackError();
    throw err;
  }
}

export async function markFeedbackSubmitted(tx: Tx, bookingId: number, now: Date): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(bookings)
    .set({ feedbackSubmittedAt: now, payoutStatus: "pending", updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  return rows[0];
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

/** Like claimWaitingPayouts, for refunds of coach cancellations that have not gone through yet. */
export async function claimPendingRefunds(
  tx: Tx,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<{ id: number; paymentIntentId: string }[]> {
  const cutoff = new Date(now.getTime() - leaseMs);
  const result = await tx.execute(sql`
    with due as (
      select b.id from bookings b
      where b.payment_status = 'refund_pending' and b.payment_intent_id is not null
        and (b.cancellation_reason is null or b.cancellation_reason not in (${sql.join(
          LATE_PAYMENT_REASONS.map((r) => sql`${r}`),
          sql`, `,
        )}))
        and b.updated_at <= ${instant(cutoff)}
      order by b.id
      limit ${limit}
      for update of b skip locked
    )
    update bookings b set updated_at = ${instant(now)}
    from due where b.id = due.id
    returning b.id, b.payment_intent_id
  `);
  return rowsOf<{ id: number; payment_intent_id: string }>(result).map((r) => ({ id: Number(r.id), paymentIntentId: r.payment_intent_id }));
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

/** drizzle's execute() answers { rows } on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  // drizzle wraps driver errors; the PostgreSQL error is the cause (or the error itself).
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: string; constraint?: string; message?: string };
    if (pgErr.code === "23505" && (pgErr.constraint === constraint || pgErr.message?.includes(constraint))) return true;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return false;
}
