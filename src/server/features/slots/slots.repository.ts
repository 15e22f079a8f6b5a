import { coachOfUser } from "../../db/coach-of-user";
import { and, asc, eq, getTableColumns, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { holdsSeat, seatsHeld } from "../../db/seat-rule";
import { bookings, coaches, timeSlots } from "../../db/schema/index";
import { type Queryable } from "../../db/sql";

export type SlotRow = typeof timeSlots.$inferSelect;
export type SlotRowWithCount = SlotRow & { bookingCount: number };
/** A slot in its coach's list: with the bookings that keep it from being deleted outright. */
export type CoachSlotRow = SlotRowWithCount & { keepingCount: number };
export type NewSlotRow = typeof timeSlots.$inferInsert;
export type CoachZone = { id: number; userId: number; timeZone: string };

const coachZoneColumns = { id: coaches.id, userId: coaches.userId, timeZone: coaches.timeZone };

/** Seats held at `now` (the one seat rule, db/seat-rule.ts): what the coach's calendar reads as "n/capacity booked". */
const seatHoldingCount = (now: Date): SQL<number> => seatsHeld(sql`time_slots.id`, now);

export async function findCoach(db: Queryable, coachId: number): Promise<CoachZone | undefined> {
  const rows = await db.select(coachZoneColumns).from(coaches).where(eq(coaches.id, coachId)).limit(1);
  return rows[0];
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

export async function insertSlots(tx: Tx, values: NewSlotRow[]): Promise<SlotRow[]> {
  return tx.insert(timeSlots).values(values).returning();
}

/**
 * Bookings that keep a slot's row: active ones, or any that took or may still take money (see
 * countBookingsKeepingSlot). The list does not ask the provider about open intents, so it may offer
 * Delete less often than DELETE would allow, never more.
 */
const keepingCount = sql<number>`(select count(*)::int from ${bookings} where ${bookings.timeSlotId} = time_slots.id and not ${isMoneylessCancelled([])})`;

/** A coach's slots from `from` on, except cancelled ones the coach removed from the list. */
export async function listCoachSlots(db: Db, coachId: number, from: Date, now: Date): Promise<CoachSlotRow[]> {
  return db
    .select({ ...slotColumns, bookingCount: seatHoldingCount(now), keepingCount })
    .from(timeSlots)
    .where(and(eq(timeSlots.coachId, coachId), gte(timeSlots.startsAt, from), isNull(timeSlots.removedAt)))
    .orderBy(asc(timeSlots.startsAt), asc(timeSlots.id));
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

/**
 * A cancelled booking that never took money and never can: an expired or abandoned hold without a
 * payment intent, or whose intent the provider has confirmed cancelled (`cancelledIntents`). A hold
 * whose intent might still be paid (3-D Secure, a bank debit) carries money and is kept, so that a
 * late payment finds its booking and is refunded.
 */
function isMoneylessCancelled(cancelledIntents: string[]): SQL {
  const intentGone =
    cancelledIntents.length > 0
      ? sql`(${bookings.paymentIntentId} is null or ${inArray(bookings.paymentIntentId, cancelledIntents)})`
      : sql`${bookings.paymentIntentId} is null`;
  return sql`(${bookings.status} = 'cancelled' and ${bookings.paymentStatus} in ('unpaid', 'failed') and ${intentGone})`;
}

/** Payment intents of the slot's cancelled, unpaid bookings: asked about before the slot is deleted. */
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
  return rows.map((r) => r.id!);
}

/** Bookings that keep a slot from being deleted: any that is active or ever took money (its payment history points at the slot). */
export async function countBookingsKeepingSlot(tx: Tx, slotId: number, cancelledIntents: string[] = []): Promise<number> {
  const rows = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), sql`not ${isMoneylessCancelled(cancelledIntents)}`));
  return rows[0]?.total ?? 0;
}

export async function deleteMoneylessCancelledBookings(tx: Tx, slotId: number, cancelledIntents: string[] = []): Promise<void> {
  await tx.delete(bookings).where(and(eq(bookings.timeSlotId, slotId), isMoneylessCancelled(cancelledIntents)));
}

export async function updateSlot(tx: Tx, slotId: number, values: Partial<NewSlotRow>): Promise<SlotRow> {
  const rows = await tx
    .update(timeSlots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(timeSlots.id, slotId))
    .returning();
  return rows[0]!;
}

/** Hides a cancelled slot from its coach's list; the row stays for the money that points at it. */
export async function markSlotRemoved(tx: Tx, slotId: number, now: Date): Promise<void> {
  await tx.update(timeSlots).set({ removedAt: now, updatedAt: now }).where(eq(timeSlots.id, slotId));
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
