// One booking's row and its changes: payment, cancellation, feedback, no-show. The reads that show
// bookings are in booking-details.repository.ts, taking a seat in seat-holds.repository.ts, the
// sweeps' batches in booking-sweeps.repository.ts.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CancelCode } from "../../db/schema/bookings";
import type { Tx } from "../../db/client";
import { athletes, bookings, sessionFeedback, sessionSkillRatings, timeSlots, users } from "../../db/schema/index";
import { athleteIdsOfUserFamily } from "../../db/families";
import { type Queryable, isUniqueViolation } from "../../db/sql";

export type BookingRow = typeof bookings.$inferSelect;

export type NewBookingRow = typeof bookings.$inferInsert;

// A slot's and a rate's rows are their features' (one definition each); bookings read them whole.
export type { SlotRow } from "../slots/slots.repository";
export type { RateRow } from "../coaches/coaches.repository";

export { coachIdOfUser as findCoachIdOfUser } from "../../db/coach-of-user";

export async function findBooking(db: Queryable, bookingId: number): Promise<BookingRow | undefined> {
  const rows = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return rows[0];
}

/** The booking when its athlete is of the user's family (DESIGN.md 11), in one statement; undefined otherwise. */
export async function findFamilyBooking(db: Queryable, bookingId: number, userId: number): Promise<BookingRow | undefined> {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), sql`${bookings.athleteId} in ${athleteIdsOfUserFamily(userId)}`))
    .limit(1);
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

/**
 * findBookingsByPaymentIntent, with what the payment's checks ask next in the same statement: is the
 * user a guardian of each booking's athlete (isGuardianOfAthlete), and does a package purchase
 * carry this intent too.
 */
export async function findBookingsOfIntentForUser(
  db: Queryable,
  paymentIntentId: string,
  userId: number,
): Promise<{ booking: BookingRow; isOfFamily: boolean; isPurchaseIntent: boolean }[]> {
  return db
    .select({
      booking: bookings,
      isOfFamily: sql<boolean>`exists (select 1 from athletes a join family_guardians g on g.family_id = a.family_id where a.id = ${bookings.athleteId} and g.user_id = ${userId})`,
      isPurchaseIntent: sql<boolean>`exists (select 1 from package_purchases p where p.payment_intent_id = ${paymentIntentId})`,
    })
    .from(bookings)
    .where(eq(bookings.paymentIntentId, paymentIntentId))
    .orderBy(bookings.id);
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

/** updateBooking's statement, to run in another's (EventBus.publishWithStatements). */
export function updateBookingStatement(db: Queryable, bookingId: number, values: Partial<NewBookingRow>): SQL {
  return db.update(bookings).set(values).where(eq(bookings.id, bookingId)).getSQL();
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
/** Marks the no-show; its payout waits (for the payout sweep) until `payoutDueAt`. */
export async function markNoShow(
  tx: Tx,
  bookingId: number,
  values: { note: string; now: Date; payoutDueAt: Date },
): Promise<BookingRow | undefined> {
  const rows = await tx
    .update(bookings)
    .set({
      status: "no_show",
      noShowAt: values.now,
      noShowNote: values.note,
      payoutStatus: "pending",
      payoutNextAttemptAt: values.payoutDueAt,
      updatedAt: values.now,
    })
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
