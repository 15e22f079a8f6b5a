import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { BookingStudent } from "@contract/bookings";
import type { CancelCode } from "../../db/schema/bookings";
import type { Db, Tx } from "../../db/client";
import { coachCardColumns, studentColumns } from "../../db/people";
import { aliasHoldExpired, aliasHoldsSeat, holdsSeat, seatsHeld } from "../../db/seat-rule";
import { athleteIdsOfUserFamily, athleteSummaryColumns, guardianContactsOfAthleteFamily, type GuardianContact } from "../../db/families";
import { athletes, bookings, coaches, rates, sessionFeedback, sessionSkillRatings, timeSlots, users } from "../../db/schema/index";
import { type Queryable, instant, isUniqueViolation, preparedPerDb, rowsOf, returnedRow } from "../../db/sql";
import { present } from "../../present";

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;
export type SlotRow = typeof timeSlots.$inferSelect;
export type RateRow = typeof rates.$inferSelect;

export class DuplicateActiveBookingError extends Error {}

const studentUsers = alias(users, "student_user");
const coachUsers = alias(users, "coach_user");

const detailColumns = {
  booking: bookings,
  slot: timeSlots,
  coach: coachCardColumns,
  coachUser: {
    firstName: coachUsers.firstName,
    lastName: coachUsers.lastName,
    email: coachUsers.email,
    profileImageUrl: coachUsers.profileImageUrl,
  },
  student: studentColumns(studentUsers),
  athlete: athleteSummaryColumns,
  /** Every guardian of the athlete's family (contact for the coach once paid). */
  guardians: guardianContactsOfAthleteFamily,
};

/** A booking with what its API shape shows: slot, coach (and their user), student. */
export type BookingDetails = {
  booking: BookingRow;
  slot: SlotRow;
  coach: { id: number; userId: number; title: string; profileImageUrl: string | null; timeZone: string };
  coachUser: { firstName: string | null; lastName: string | null; email: string; profileImageUrl: string | null };
  /** The student as their coach sees them (the same fields the API shows). */
  student: Omit<BookingStudent, "email"> & { email: string };
  /** The athlete the seat is for (DESIGN.md 11). */
  athlete: BookingAthleteColumns | null;
  guardians: GuardianContact[] | null;
};

export type BookingAthleteColumns = {
  id: number;
  familyId: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  position: string | null;
};

function selectDetails(db: Queryable, where: SQL | undefined) {
  return db
    .select(detailColumns)
    .from(bookings)
    .innerJoin(timeSlots, eq(timeSlots.id, bookings.timeSlotId))
    .innerJoin(coaches, eq(coaches.id, bookings.coachId))
    .innerJoin(coachUsers, eq(coachUsers.id, coaches.userId))
    .innerJoin(studentUsers, eq(studentUsers.id, bookings.studentId))
    .leftJoin(athletes, eq(athletes.id, bookings.athleteId))
    .where(where);
}

export async function findBookingDetails(db: Queryable, bookingId: number): Promise<BookingDetails | undefined> {
  const rows = await selectDetails(db, eq(bookings.id, bookingId)).limit(1);
  return rows[0];
}

export async function findBookingsDetails(db: Queryable, bookingIds: number[]): Promise<BookingDetails[]> {
  if (bookingIds.length === 0) return [];
  return selectDetails(db, inArray(bookings.id, bookingIds)).orderBy(bookings.id);
}

/**
 * Lists leave out holds that expired unpaid: they never became a session and would only clutter
 * My Bookings (they stay readable by id).
 */
const notAnExpiredHold = sql`not (${bookings.status} = 'cancelled' and ${bookings.cancelCode} = 'hold_expired' and ${bookings.paymentStatus} not in ('completed', 'refund_pending', 'refunded'))`;

/** Most recently made first: the success page shows the first booking of this list. */
/** The bookings of every athlete of the user's family (DESIGN.md 11: both guardians see them). */
export async function listStudentBookings(db: Db, userId: number, page: ListPage): Promise<BookingDetails[]> {
  const after =
    page.afterId === undefined
      ? undefined
      : sql`(${bookings.createdAt}, ${bookings.id}) < (select cursor_row.created_at, cursor_row.id from bookings cursor_row where cursor_row.id = ${page.afterId})`;
  return selectDetails(db, and(sql`${bookings.athleteId} in ${athleteIdsOfUserFamily(userId)}`, notAnExpiredHold, after))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(page.limit);
}

/** A page of a list: `limit` rows after the row `afterId` (the previous page's last, decision 012), or from the first. */
export type ListPage = { afterId?: number; limit: number };

/** Whether the booking is of the user's family (a cursor of the family's list must be one of its bookings). */
export async function isBookingOfUserFamily(db: Queryable, bookingId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), sql`${bookings.athleteId} in ${athleteIdsOfUserFamily(userId)}`))
    .limit(1);
  return rows.length > 0;
}

/** Whether the booking is the coach's (a cursor of the coach's list must be one of its bookings). */
export async function isBookingOfCoach(db: Queryable, bookingId: number, coachId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.coachId, coachId)))
    .limit(1);
  return rows.length > 0;
}

/** The bookings of one athlete (their own page). */
export async function listAthleteBookings(db: Db, athleteId: number): Promise<BookingDetails[]> {
  return selectDetails(db, and(eq(bookings.athleteId, athleteId), notAnExpiredHold)).orderBy(desc(bookings.startsAt), desc(bookings.id));
}

/** The coach's feedback on these bookings (the athlete's page shows it to the family). */
export async function listFeedbackOf(db: Queryable, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: sessionFeedback.bookingId,
      feedback: sessionFeedback.feedback,
      rating: sessionFeedback.rating,
      createdAt: sessionFeedback.createdAt,
    })
    .from(sessionFeedback)
    .where(inArray(sessionFeedback.bookingId, bookingIds));
}

/** The coach's bookings, latest session first, one page. */
export async function listCoachBookings(db: Db, coachId: number, page: ListPage): Promise<BookingDetails[]> {
  const after =
    page.afterId === undefined
      ? undefined
      : sql`(${bookings.startsAt}, ${bookings.id}) < (select cursor_row.starts_at, cursor_row.id from bookings cursor_row where cursor_row.id = ${page.afterId})`;
  return selectDetails(db, and(eq(bookings.coachId, coachId), notAnExpiredHold, after))
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(page.limit);
}

export { coachIdOfUser as findCoachIdOfUser } from "../../db/coach-of-user";

export async function findSlot(db: Queryable, slotId: number): Promise<SlotRow | undefined> {
  const rows = await db.select().from(timeSlots).where(eq(timeSlots.id, slotId)).limit(1);
  return rows[0];
}

const bookingPreReadQuery = preparedPerDb((db) => {
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  return db
    .select({
      slot: timeSlots,
      timeZone: coaches.timeZone,
      held: seatsHeld(sql`${timeSlots.id}`, now),
      mine: sql<boolean>`exists (select 1 from bookings seat where seat.time_slot_id = ${timeSlots.id} and seat.athlete_id = ${sql.placeholder("athleteId")} and ${aliasHoldsSeat("seat", now)})`,
    })
    .from(timeSlots)
    .innerJoin(coaches, eq(coaches.id, timeSlots.coachId))
    .where(eq(timeSlots.id, sql.placeholder("slotId")))
    .prepare("booking_pre_read");
});

const ratesOfSlotCoachQuery = preparedPerDb((db) =>
  db
    .select()
    .from(rates)
    .where(eq(rates.coachId, sql`(select coach_id from time_slots where id = ${sql.placeholder("slotId")})`))
    .prepare("rates_of_slot_coach"),
);

export type BookingPreRead = { slot: SlotRow; timeZone: string; held: number; mine: boolean; coachRates: RateRow[] };

/**
 * What a booking is checked against before the slot's lock (every POST /api/bookings, most of them
 * refused when the last seats go): the slot, its coach's zone and rates, the seats held at `now` and
 * whether the student holds one. Two prepared statements sent at once: one round trip.
 */
export async function findBookingPreRead(db: Db, slotId: number, athleteId: number, now: Date): Promise<BookingPreRead | undefined> {
  const [rows, coachRates] = await Promise.all([
    bookingPreReadQuery(db).execute({ slotId, athleteId, now: now.toISOString() }),
    ratesOfSlotCoachQuery(db).execute({ slotId }),
  ]);
  const row = rows[0];
  return row && { ...row, coachRates };
}

/** Locks the slot row: every seat change of this slot waits for the transaction (DESIGN.md 4). */
export async function lockSlot(tx: Tx, slotId: number): Promise<SlotRow | undefined> {
  const rows = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId)).for("update");
  return rows[0];
}

export async function listCoachRates(db: Queryable, coachId: number): Promise<RateRow[]> {
  return db.select().from(rates).where(eq(rates.coachId, coachId));
}

export type ExpiredHold = { id: number; coachId: number; studentId: number; timeSlotId: number; paymentIntentId: string | null };

/** Cancels the slot's pending bookings whose hold has run out; the caller holds the slot lock. */
export async function expireSlotHolds(tx: Tx, slotId: number, now: Date): Promise<ExpiredHold[]> {
  return tx
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: now, cancelCode: "hold_expired", holdExpiresAt: null, updatedAt: now })
    .where(and(eq(bookings.timeSlotId, slotId), aliasHoldExpired("bookings", now)))
    .returning({
      id: bookings.id,
      coachId: bookings.coachId,
      studentId: bookings.studentId,
      timeSlotId: bookings.timeSlotId,
      paymentIntentId: bookings.paymentIntentId,
    });
}

export async function countHeldSeats(tx: Tx, slotId: number, now: Date, exceptBookingId?: number): Promise<number> {
  const except = exceptBookingId === undefined ? sql`true` : sql`${bookings.id} <> ${exceptBookingId}`;
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), except, holdsSeat(now)));
  return rows[0]?.count ?? 0;
}

/**
 * Seats of the slot held at `now`, and whether the student holds one of them: read without the
 * slot's lock, to refuse a full slot before queueing for it (the locked count decides the rest).
 */
/** True when the athlete already has a pending or confirmed booking of the slot (other than `exceptBookingId`): a seat is per athlete. */
export async function hasActiveBooking(tx: Tx, slotId: number, athleteId: number | null, exceptBookingId?: number): Promise<boolean> {
  if (athleteId === null) return false;
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), eq(bookings.athleteId, athleteId), sql`${bookings.status} in ('pending', 'confirmed')`))
    .limit(2);
  return rows.some((r) => r.id !== exceptBookingId);
}

/** The athlete's booking of the slot that still holds its seat, unpaid. */
export async function findPendingBookingOfAthlete(
  db: Queryable,
  slotId: number,
  athleteId: number,
  now: Date,
): Promise<BookingRow | undefined> {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), eq(bookings.athleteId, athleteId), eq(bookings.status, "pending"), holdsSeat(now)))
    .limit(1);
  return rows[0];
}

export async function insertBooking(tx: Tx, values: NewBookingRow): Promise<BookingRow> {
  try {
    const rows = await tx.insert(bookings).values(values).returning();
    return returnedRow(rows, "the booking");
  } catch (err) {
    if (isUniqueViolation(err, "bookings_one_active_per_athlete_slot")) throw new DuplicateActiveBookingError();
    throw err;
  }
}

/** Open for booking while a seat is free (the flag search and the calendar read). */
export async function refreshSlotAvailability(tx: Tx, slotId: number, now: Date): Promise<void> {
  // A slot made for a session request is never open to others, and goes once its booking is cancelled or expired.
  const requestSlotGone = sql`${timeSlots.requestOnly} and not exists (select 1 from ${bookings} b where b.time_slot_id = ${timeSlots.id} and b.status <> 'cancelled')`;
  await tx
    .update(timeSlots)
    .set({
      isAvailable: sql`not ${timeSlots.requestOnly} and ${timeSlots.cancelledAt} is null and ${seatsHeld(sql`${timeSlots.id}`, now)} < ${timeSlots.capacity}`,
      cancelledAt: sql`case when ${requestSlotGone} then coalesce(${timeSlots.cancelledAt}, ${now.toISOString()}::timestamptz) else ${timeSlots.cancelledAt} end`,
      removedAt: sql`case when ${requestSlotGone} then coalesce(${timeSlots.removedAt}, ${now.toISOString()}::timestamptz) else ${timeSlots.removedAt} end`,
      updatedAt: now,
    })
    .where(eq(timeSlots.id, slotId));
}

export async function findBooking(db: Queryable, bookingId: number): Promise<BookingRow | undefined> {
  const rows = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return rows[0];
}

export async function lockBooking(tx: Tx, bookingId: number): Promise<BookingRow | undefined> {
  const rows = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  return rows[0];
}

export async function findBookingByPaymentIntent(db: Queryable, paymentIntentId: string): Promise<BookingRow | undefined> {
  const rows = await db.select().from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId)).orderBy(bookings.id).limit(1);
  return rows[0];
}

/** Every booking a payment intent pays (several when one checkout paid siblings' seats). */
export async function findBookingsByPaymentIntent(db: Queryable, paymentIntentId: string): Promise<BookingRow[]> {
  return db.select().from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId)).orderBy(bookings.id);
}

export async function countBookingsOfIntent(db: Queryable, paymentIntentId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.paymentIntentId, paymentIntentId));
  return rows[0]?.n ?? 0;
}

export async function updateBooking(db: Queryable, bookingId: number, values: Partial<NewBookingRow>): Promise<BookingRow | undefined> {
  const rows = await db.update(bookings).set(values).where(eq(bookings.id, bookingId)).returning();
  return rows[0];
}

/** Records the payment intent that pays for the booking. */
export async function attachPaymentIntent(db: Queryable, bookingId: number, paymentIntentId: string, now: Date): Promise<void> {
  await db.update(bookings).set({ paymentIntentId, updatedAt: now }).where(eq(bookings.id, bookingId));
}

/** Updates the tip of a booking that is still waiting for payment; returns undefined when it no longer is. */
export async function setTipIfPayable(
  db: Queryable,
  bookingId: number,
  money: { tipCents: number; totalCents: number; coachEarningsCents: number },
  now: Date,
): Promise<BookingRow | undefined> {
  const rows = await db
    .update(bookings)
    .set({ ...money, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "pending"), sql`${bookings.paymentStatus} in ('unpaid', 'failed')`))
    .returning();
  return rows[0];
}

/** Records a declined attempt on a booking still waiting for payment. */
export async function markPaymentFailed(db: Queryable, paymentIntentId: string, now: Date): Promise<BookingRow | undefined> {
  const rows = await db
    .update(bookings)
    .set({ paymentStatus: "failed", updatedAt: now })
    .where(
      and(
        eq(bookings.paymentIntentId, paymentIntentId),
        eq(bookings.status, "pending"),
        sql`${bookings.paymentStatus} in ('unpaid', 'processing', 'failed')`,
      ),
    )
    .returning();
  return rows[0];
}

export async function markPaymentProcessing(db: Queryable, bookingId: number, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ paymentStatus: "processing", updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "pending"), sql`${bookings.paymentStatus} in ('unpaid', 'failed')`));
}

/** Pending bookings whose hold ran out that have a payment intent: the sweep asks the provider first. */
/** How long after a hold expired the settle sweep still asks the provider whether it was paid. */
export const RECENTLY_EXPIRED_MS = 15 * 60_000;

export async function listExpiredHoldsWithIntent(db: Db, now: Date, limit: number): Promise<{ id: number; paymentIntentId: string }[]> {
  const rows = await db
    .select({ id: bookings.id, paymentIntentId: bookings.paymentIntentId })
    .from(bookings)
    .where(
      and(
        sql`${bookings.paymentIntentId} is not null`,
        or(
          aliasHoldExpired("bookings", now),
          // Expired recently (by the sweep or by another booking) without its money settled: a
          // process may have died between the charge and its settlement. Bounded in time, so each
          // hold is asked about a few dozen times at most; later, Stripe's webhook still arrives.
          sql`(${bookings.status} = 'cancelled' and ${bookings.cancelCode} = 'hold_expired'
               and ${bookings.paymentStatus} in ('unpaid', 'processing', 'failed')
               and ${bookings.cancelledAt} > ${instant(new Date(now.getTime() - RECENTLY_EXPIRED_MS))})`,
        ),
      ),
    )
    .orderBy(sql`coalesce(${bookings.holdExpiresAt}, ${bookings.cancelledAt})`, bookings.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, paymentIntentId: present(r.paymentIntentId, "a payment intent (the query asks for one)") }));
}

/**
 * One pass of hold expiry: locks (skipping those another process holds) the slots that have
 * expired holds, cancels those holds and reopens the slots. Slot first, then bookings: the same
 * lock order as booking and confirming, so the sweep can never deadlock with them.
 */
export async function expireHoldsBatch(tx: Tx, now: Date, limit: number): Promise<ExpiredHold[]> {
  const result = await tx.execute(sql`
    with locked_slots as (
      select s.id from time_slots s
      where exists (
        select 1 from bookings eb
        where eb.time_slot_id = s.id and ${aliasHoldExpired("eb", now)}
      )
      limit ${limit}
      for update of s skip locked
    )
    update bookings b
    set status = 'cancelled', cancelled_at = ${instant(now)}, cancel_code = 'hold_expired', hold_expires_at = null, updated_at = ${instant(now)}
    from locked_slots ls
    where b.time_slot_id = ls.id and ${aliasHoldExpired("b", now)}
    returning b.id, b.coach_id, b.student_id, b.time_slot_id, b.payment_intent_id
  `);
  const rows = rowsOf<{ id: number; coach_id: number; student_id: number; time_slot_id: number; payment_intent_id: string | null }>(result);
  return rows.map((r) => ({
    id: Number(r.id),
    coachId: Number(r.coach_id),
    studentId: Number(r.student_id),
    timeSlotId: Number(r.time_slot_id),
    paymentIntentId: r.payment_intent_id,
  }));
}

export type CompletedSession = { id: number; coachId: number; studentId: number; timeSlotId: number };

/** DESIGN.md 8: a confirmed booking becomes completed when its slot's end time passes. */
export async function completeSessionsBatch(tx: Tx, now: Date, limit: number): Promise<CompletedSession[]> {
  const result = await tx.execute(sql`
    with due as (
      select b.id from bookings b
      join time_slots s on s.id = b.time_slot_id
      where b.status = 'confirmed' and s.cancelled_at is null and greatest(s.ends_at, b.ends_at) <= ${instant(now)}
      limit ${limit}
      for update of b skip locked
    )
    update bookings b
    set status = 'completed', completed_at = ${instant(now)}, updated_at = ${instant(now)}
    from due
    where b.id = due.id and b.status = 'confirmed'
    returning b.id, b.coach_id, b.student_id, b.time_slot_id
  `);
  return rowsOf<{ id: number; coach_id: number; student_id: number; time_slot_id: number }>(result).map((r) => ({
    id: Number(r.id),
    coachId: Number(r.coach_id),
    studentId: Number(r.student_id),
    timeSlotId: Number(r.time_slot_id),
  }));
}

/** Bookings of the slot that still hold a seat or wait for payment (a coach's cancellation takes them all). */
export async function lockActiveBookingsOfSlot(tx: Tx, slotId: number): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), inArray(bookings.status, ["pending", "confirmed"])))
    .orderBy(bookings.id)
    .for("update");
}

/** Cancels one booking with its machine code; a paid one waits for its refund (refund_pending). */
export async function cancelBooking(
  tx: Tx,
  bookingId: number,
  values: { code: CancelCode; paid: boolean; reason: string | null; now: Date },
): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(bookings)
    .set({
      status: "cancelled",
      cancelCode: values.code,
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

/** The coach's skill ratings of the athlete in this session's feedback (inside the feedback's transaction). */
export async function insertSkillRatings(
  tx: Tx,
  values: { bookingId: number; athleteId: number | null; coachId: number; ratings: { skill: string; rating: number }[]; now: Date },
): Promise<void> {
  if (values.ratings.length === 0) return;
  await tx.insert(sessionSkillRatings).values(
    values.ratings.map((r) => ({
      bookingId: values.bookingId,
      athleteId: values.athleteId,
      coachId: values.coachId,
      skill: r.skill,
      rating: r.rating,
      createdAt: values.now,
    })),
  );
}

/** The athlete a booking is for (their position decides which skills may be rated). */
export async function findAthleteOfBooking(db: Queryable, bookingId: number) {
  const [row] = await db
    .select({ id: athletes.id, familyId: athletes.familyId, firstName: athletes.firstName, position: athletes.position })
    .from(bookings)
    .innerJoin(athletes, eq(athletes.id, bookings.athleteId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** The coach marks the athlete absent: the note stands for feedback, so the payout waits to be sent (pending). */
export async function markNoShow(tx: Tx, bookingId: number, values: { note: string; now: Date }): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(bookings)
    .set({ status: "no_show", noShowAt: values.now, noShowNote: values.note, payoutStatus: "pending", updatedAt: values.now })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ["confirmed", "completed"])))
    .returning();
  return rows[0];
}

/**
 * An admin reversed the no-show: the booking is cancelled (its charge to be refunded in full) and
 * its payout is settled as `payout` says (cancelled before it was sent: none; else left as it is
 * for the caller to take back).
 */
export async function reverseNoShow(
  tx: Tx,
  bookingId: number,
  values: { now: Date; cancelPayout: boolean },
): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(bookings)
    .set({
      status: "cancelled",
      cancelCode: "no_show_reversed",
      paymentStatus: "refund_pending",
      cancelledAt: values.now,
      noShowReversedAt: values.now,
      ...(values.cancelPayout ? { payoutStatus: "none" as const, payoutNextAttemptAt: null, payoutLastError: null } : {}),
      updatedAt: values.now,
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "no_show")))
    .returning();
  return rows[0];
}

/**
 * The sent payout of a reversed no-show was taken back (reversed) or could not be (owed by the
 * coach); a retry settles an owed one. A payout already taken back stays so.
 */
export async function settleReversedPayout(
  db: Queryable,
  bookingId: number,
  values: { outcome: "reversed" | "owed"; error: string | null; now: Date },
): Promise<void> {
  await db
    .update(bookings)
    .set({ payoutStatus: values.outcome, payoutLastError: values.error, updatedAt: values.now })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.payoutStatus, ["paid", "owed"])));
}

export async function markFeedbackSubmitted(tx: Tx, bookingId: number, now: Date): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(bookings)
    .set({ feedbackSubmittedAt: now, payoutStatus: "pending", updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  return rows[0];
}

/** How to reach a user by SMS (the coach told of a student's cancellation). */
export async function findUserContact(db: Queryable, userId: number) {
  const [row] = await db.select({ phoneNumber: users.phoneNumber, smsOptIn: users.smsOptIn }).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Serialises one student's new holds (a transaction-scoped advisory lock, taken before any slot
 * lock), so parallel requests cannot all pass the per-player hold count at once.
 */
export async function lockStudentHolds(tx: Tx, studentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('booking-holds'), ${studentId})`);
}

/** Unpaid bookings of the student that still hold a seat (the one seat rule, limited to pending ones). */
export async function countHeldBookingsOfStudent(tx: Tx, studentId: number, now: Date): Promise<number> {
  // The holds of one checkout (bookings sharing a payment intent) count as one (DESIGN.md 11).
  const rows = await tx
    .select({ count: sql<number>`count(distinct coalesce(${bookings.paymentIntentId}, ${bookings.id}::text))::int` })
    .from(bookings)
    .where(and(eq(bookings.studentId, studentId), eq(bookings.status, "pending"), holdsSeat(now)));
  return rows[0]?.count ?? 0;
}

/**
 * Serialises new holds of one coach's seats from one client address (taken after the student's
 * lock and before any slot lock), so parallel requests from many accounts cannot all pass the
 * per-address count at once.
 */
export async function lockAddressHolds(tx: Tx, coachId: number, clientAddress: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('booking-holds-address'), hashtext(${`${coachId}|${clientAddress}`}))`);
}

/** Unpaid bookings of the coach's seats made from this client address that still hold a seat, whoever made them. */
export async function countHeldBookingsFromAddress(tx: Tx, coachId: number, clientAddress: string, now: Date): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.coachId, coachId), eq(bookings.clientAddress, clientAddress), eq(bookings.status, "pending"), holdsSeat(now)));
  return rows[0]?.count ?? 0;
}

/** Like lockStudentHolds, without waiting: false when another transaction holds the student's lock now. */
export async function tryLockStudentHolds(tx: Tx, studentId: number): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('booking-holds'), ${studentId}) as "locked"`);
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

/** A weekly series' slots from `from` on (DESIGN.md 11), soonest first, at most `limit`. */
export async function listSeriesSlotsFrom(db: Queryable, seriesId: string, from: Date, limit: number): Promise<SlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.seriesId, seriesId), gte(timeSlots.startsAt, from)))
    .orderBy(asc(timeSlots.startsAt))
    .limit(limit);
}
