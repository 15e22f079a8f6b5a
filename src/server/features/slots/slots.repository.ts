import { and, asc, eq, getTableColumns, gt, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { bookings, coaches, timeSlots } from "../../db/schema/index";

export type SlotRow = typeof timeSlots.$inferSelect;
export type SlotRowWithCount = SlotRow & { bookingCount: number };
export type NewSlotRow = typeof timeSlots.$inferInsert;
export type CoachZone = { id: number; userId: number; timeZone: string };

type Queryable = Db | Tx;

const coachZoneColumns = { id: coaches.id, userId: coaches.userId, timeZone: coaches.timeZone };

/** Bookings that hold a seat at `now`: confirmed, or pending with an unexpired hold (DESIGN.md 4). */
const seatHoldingCount = (now: Date): SQL<number> =>
  // Spelled out with an alias: drizzle leaves column names unqualified in single-table selects,
  // where "id" inside the subquery would mean the booking's id.
  sql<number>`(select count(*)::int from bookings b where b.time_slot_id = time_slots.id and (b.status = 'confirmed' or (b.status = 'pending' and b.hold_expires_at > ${now.toISOString()}::timestamptz)))`;

export async function findCoach(db: Queryable, coachId: number): Promise<CoachZone | undefined> {
  const rows = await db.select(coachZoneColumns).from(coaches).where(eq(coaches.id, coachId)).limit(1);
  return rows[0];
}

export async function findCoachByUserId(db: Queryable, userId: number): Promise<CoachZone | undefined> {
  const rows = await db.select(coachZoneColumns).from(coaches).where(eq(coaches.userId, userId)).limit(1);
  return rows[0];
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

export async function listCoachSlots(db: Db, coachId: number, from: Date, now: Date): Promise<SlotRowWithCount[]> {
  return db
    .select({ ...slotColumns, bookingCount: seatHoldingCount(now) })
    .from(timeSlots)
    .where(and(eq(timeSlots.coachId, coachId), gte(timeSlots.startsAt, from)))
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
    .where(
      and(
        eq(bookings.timeSlotId, slotId),
        sql`(${bookings.status} in ('confirmed', 'completed') or (${bookings.status} = 'pending' and (${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz)))`,
      ),
    );
  return rows[0]?.count ?? 0;
}

/** A cancelled booking that never took money: an expired or abandoned hold, with no history worth keeping. */
const isMoneylessCancelled = sql`(${bookings.status} = 'cancelled' and ${bookings.paymentStatus} in ('unpaid', 'failed'))`;

/** Bookings that keep a slot from being deleted: any that is active or ever took money (its payment history points at the slot). */
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
  return rows[0]!;
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
