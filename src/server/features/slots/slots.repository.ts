import { coachOfUser } from "../../db/coach-of-user";
import { and, asc, eq, getTableColumns, gt, gte, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { holdsSeat, seatsHeld } from "../../db/seat-rule";
import { bookings, coaches, timeSlots } from "../../db/schema/index";
import { type Queryable, returnedRow, rowsOf } from "../../db/sql";
import type { SlotBookingState } from "@contract/slot-basics";
import { present } from "../../present";

export type SlotRow = typeof timeSlots.$inferSelect;
export type SlotRowWithCount = SlotRow & { bookingCount: number };
/** A slot in its coach's list: with the states of its bookings (what the delete rule reads), its paid seats and latest hold. */
export type CoachSlotRow = SlotRowWithCount & { bookingStates: SlotBookingState[]; paidCount: number; heldUntil: Date | string | null };
export type NewSlotRow = typeof timeSlots.$inferInsert;
export type CoachZone = { id: number; userId: number; timeZone: string };

const coachZoneColumns = { id: coaches.id, userId: coaches.userId, timeZone: coaches.timeZone };

/** Seats held at `now` (the one seat rule, db/seat-rule.ts): what the coach's calendar reads as "n/capacity booked". */
const seatHoldingCount = (now: Date): SQL<number> => seatsHeld(sql`time_slots.id`, now);

export async function findCoach(db: Queryable, coachId: number): Promise<CoachZone | undefined> {
  const rows = await db.select(coachZoneColumns).from(coaches).where(eq(coaches.id, coachId)).limit(1);
  return rows[0];
}

/**
 * Whether the user's family holds a paid seat in the slot (DESIGN.md 12: a slot's location notes
 * reach only its coach and the families holding a seat in it). A paid seat: confirmed, completed or
 * marked no-show; an unpaid hold does not see the gate code.
 */
export async function familyHoldsPaidSeat(db: Queryable, slotId: number, userId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from bookings b
    left join athletes a on a.id = b.athlete_id
    where b.time_slot_id = ${slotId} and b.status in ('confirmed', 'completed', 'no_show')
      and (b.student_id = ${userId}
        or a.family_id = (select g.family_id from family_guardians g where g.user_id = ${userId}))
    limit 1`);
  return rowsOf(rows).length > 0;
}

/** Whether the user's family has any booking of the slot (a request-only slot is theirs to read). */
export async function familyHasBooking(db: Queryable, slotId: number, userId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from bookings b
    left join athletes a on a.id = b.athlete_id
    where b.time_slot_id = ${slotId}
      and (b.student_id = ${userId}
        or a.family_id = (select g.family_id from family_guardians g where g.user_id = ${userId}))
    limit 1`);
  return rowsOf(rows).length > 0;
}

export async function findCoachByUserId(db: Queryable, userId: number): Promise<CoachZone | undefined> {
  return coachOfUser(db, userId, coachZoneColumns);
}

/** Serialises every slot change of one coach, so two concurrent requests cannot both pass the overlap check. */
export async function lockCoach(tx: Tx, coachId: number): Promise<void> {
  await tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.id, coachId)).for("update");
}

export async function hasOverlappingSlot(tx: Tx, coachId: number, startsAt: Date, endsAt: Date, exceptSlotId?: number): Promise<boolean> {
  const conditions = [eq(timeSlots.coachId, coachId), lt(timeSlots.startsAt, endsAt), gt(timeSlots.endsAt, startsAt)];
  if (exceptSlotId !== undefined) conditions.push(ne(timeSlots.id, exceptSlotId));
  const rows = await tx
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** The coach's slots still to start that are open to booking or booked (cancelled and removed ones do not count). */
export async function countUpcomingSlots(tx: Tx, coachId: number, now: Date): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(timeSlots)
    .where(and(eq(timeSlots.coachId, coachId), gt(timeSlots.startsAt, now), isNull(timeSlots.cancelledAt), isNull(timeSlots.removedAt)));
  return rows[0]?.count ?? 0;
}

export async function insertSlots(tx: Tx, values: NewSlotRow[]): Promise<SlotRow[]> {
  return tx.insert(timeSlots).values(values).returning();
}

/** Each booking's status and payment status, for canDeleteSlot (an empty list when it has none). */
const bookingStates = sql<
  SlotBookingState[]
>`(select coalesce(json_agg(json_build_object('status', b.status, 'paymentStatus', b.payment_status)), '[]'::json) from ${bookings} b where b.time_slot_id = time_slots.id)`;

/** The states of a slot's bookings, read inside the delete's transaction (the slot row is locked). */
export async function listBookingStates(tx: Tx, slotId: number): Promise<SlotBookingState[]> {
  return tx
    .select({ status: bookings.status, paymentStatus: bookings.paymentStatus })
    .from(bookings)
    .where(eq(bookings.timeSlotId, slotId));
}

/** Seats paid for: what makes a slot "Booked" rather than "Held" in the coach's list (issue 29). */
const paidCount = sql<number>`(select count(*)::int from ${bookings} where ${bookings.timeSlotId} = time_slots.id and ${bookings.status} in ('confirmed', 'completed'))`;

/** The latest expiry of an unpaid checkout that holds a seat at `now` (the one seat rule), null when none does. */
const heldUntil = (now: Date) =>
  sql<
    Date | string | null
  >`(select max(${bookings.holdExpiresAt}) from ${bookings} where ${bookings.timeSlotId} = time_slots.id and ${bookings.status} = 'pending' and ${holdsSeat(now)})`;

/** A coach's slots from `from` on, except cancelled ones the coach removed from the list. */
/**
 * One page of a coach's slots from `from` on, in start order: `limit` rows after the slot
 * `afterId` (the previous page's last, decision 012), or from the first.
 */
export async function listCoachSlots(
  db: Db,
  coachId: number,
  from: Date,
  now: Date,
  options: { includeRequestOnly: boolean; afterId?: number; limit: number },
): Promise<CoachSlotRow[]> {
  const conditions = [eq(timeSlots.coachId, coachId), gte(timeSlots.startsAt, from), isNull(timeSlots.removedAt)];
  if (!options.includeRequestOnly) conditions.push(eq(timeSlots.requestOnly, false));
  if (options.afterId !== undefined) {
    conditions.push(
      sql`(${timeSlots.startsAt}, ${timeSlots.id}) > (select cursor_row.starts_at, cursor_row.id from time_slots cursor_row where cursor_row.id = ${options.afterId})`,
    );
  }
  return db
    .select({ ...slotColumns, bookingCount: seatHoldingCount(now), bookingStates, paidCount, heldUntil: heldUntil(now) })
    .from(timeSlots)
    .where(and(...conditions))
    .orderBy(asc(timeSlots.startsAt), asc(timeSlots.id))
    .limit(options.limit);
}

/** Whether the slot exists and is this coach's (a cursor must name one of the list's own rows). */
export async function isSlotOfCoach(db: Queryable, slotId: number, coachId: number): Promise<boolean> {
  const rows = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.coachId, coachId)))
    .limit(1);
  return rows.length > 0;
}

export async function findSlot(db: Queryable, slotId: number, now: Date): Promise<SlotRowWithCount | undefined> {
  const rows = await db
    .select({ ...slotColumns, bookingCount: seatHoldingCount(now) })
    .from(timeSlots)
    .where(eq(timeSlots.id, slotId))
    .limit(1);
  return rows[0];
}

/** Bookings that block moving a slot: any that holds or held a seat (completed included), expired holds excepted. */
export async function countBlockingBookings(tx: Tx, slotId: number, now: Date): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), holdsSeat(now)));
  return rows[0]?.count ?? 0;
}

/** A cancelled booking that never had a payment intent: nothing at the provider points at it. */
const isMoneylessCancelled = sql`(${bookings.status} = 'cancelled' and ${bookings.paymentStatus} in ('unpaid', 'failed') and ${bookings.paymentIntentId} is null)`;

/** Payment intents of the slot's cancelled, unpaid bookings: cancelled at the provider once the slot is closed. */
export async function listUnpaidCancelledIntents(db: Queryable, slotId: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.paymentIntentId })
    .from(bookings)
    .where(
      and(
        eq(bookings.timeSlotId, slotId),
        sql`${bookings.status} = 'cancelled' and ${bookings.paymentStatus} in ('unpaid', 'failed') and ${bookings.paymentIntentId} is not null`,
      ),
    );
  return rows.map((r) => present(r.id, "a payment intent (the query asks for one)"));
}

/** Bookings whose history (a payment intent, a charge, a refund) keeps the slot's row. */
export async function countBookingsKeepingSlot(tx: Tx, slotId: number): Promise<number> {
  const rows = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), sql`not ${isMoneylessCancelled}`));
  return rows[0]?.total ?? 0;
}

export async function deleteMoneylessCancelledBookings(tx: Tx, slotId: number): Promise<void> {
  await tx.delete(bookings).where(and(eq(bookings.timeSlotId, slotId), isMoneylessCancelled));
}

export async function updateSlot(tx: Tx, slotId: number, values: Partial<NewSlotRow>): Promise<SlotRow> {
  const rows = await tx
    .update(timeSlots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(timeSlots.id, slotId))
    .returning();
  return returnedRow(rows, "the slot");
}

/**
 * Closes a slot whose bookings carry payment history: cancelled (if it was not) so nobody can book,
 * hold or wait for it, and taken off its coach's list; the row stays for the money that points at it.
 */
export async function closeSlot(tx: Tx, slotId: number, now: Date): Promise<void> {
  await tx
    .update(timeSlots)
    .set({
      removedAt: now,
      cancelledAt: sql`coalesce(${timeSlots.cancelledAt}, ${now.toISOString()}::timestamptz)`,
      isAvailable: false,
      updatedAt: now,
    })
    .where(eq(timeSlots.id, slotId));
}

export async function deleteSlot(tx: Tx, slotId: number): Promise<void> {
  await tx.delete(timeSlots).where(eq(timeSlots.id, slotId));
}

/** Locks the slot row for the rest of the transaction (edits and bookings of it wait). */
export async function lockSlot(tx: Tx, slotId: number): Promise<SlotRow | undefined> {
  const rows = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId)).for("update");
  return rows[0];
}

const slotColumns = getTableColumns(timeSlots);

/** The later slots of a weekly series (DESIGN.md 11), not cancelled, soonest first. */
export async function listLaterSlotsOfSeries(db: Queryable, coachId: number, seriesId: string, after: Date): Promise<SlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(
      and(eq(timeSlots.coachId, coachId), eq(timeSlots.seriesId, seriesId), gt(timeSlots.startsAt, after), isNull(timeSlots.cancelledAt)),
    )
    .orderBy(asc(timeSlots.startsAt));
}
