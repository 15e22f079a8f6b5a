import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { isUniqueViolation, type Queryable, returnedRow } from "../../db/sql";
import { athleteIdsOfUserFamily } from "../../db/families";
import { joinCoachUser } from "../../db/people";
import { athletes, bookings, coaches, timeSlots, users, waitlistEntries } from "../../db/schema/index";
import { fullName } from "@contract/names";

export type WaitlistRow = typeof waitlistEntries.$inferSelect;
export class DuplicateWaitlistError extends Error {}

export async function findSlot(db: Queryable, slotId: number) {
  const [row] = await db
    .select({ slot: timeSlots, timeZone: coaches.timeZone, coachUserId: coaches.userId })
    .from(timeSlots)
    .innerJoin(coaches, eq(coaches.id, timeSlots.coachId))
    .where(eq(timeSlots.id, slotId));
  return row;
}

export async function insertEntry(
  db: Queryable,
  values: { timeSlotId: number; studentId: number; athleteId: number; now: Date },
): Promise<WaitlistRow> {
  try {
    const rows = await db
      .insert(waitlistEntries)
      .values({
        timeSlotId: values.timeSlotId,
        studentId: values.studentId,
        athleteId: values.athleteId,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning();
    return returnedRow(rows, "the waitlist entry");
  } catch (err) {
    if (isUniqueViolation(err, "waitlist_one_active_per_athlete_slot")) throw new DuplicateWaitlistError();
    throw err;
  }
}

export async function findEntry(db: Queryable, entryId: number): Promise<WaitlistRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
  return row;
}

export async function setStatus(db: Queryable, entryId: number, status: WaitlistRow["status"], now: Date): Promise<void> {
  await db.update(waitlistEntries).set({ status, updatedAt: now }).where(eq(waitlistEntries.id, entryId));
}

/** The live places (waiting or offered) of every athlete of the user's family, with their slots. */
export async function listOfStudent(db: Queryable, userId: number) {
  const query = db
    .select({
      entry: waitlistEntries,
      slot: timeSlots,
      timeZone: coaches.timeZone,
      coachFirstName: users.firstName,
      coachLastName: users.lastName,
      holdExpiresAt: bookings.holdExpiresAt,
      athleteFirstName: athletes.firstName,
      athleteLastName: athletes.lastName,
      position: sql<number | null>`case when ${waitlistEntries.status} = 'waiting' then (
        select count(*)::int from waitlist_entries w2
        where w2.time_slot_id = ${waitlistEntries.timeSlotId} and w2.status = 'waiting'
          and (w2.created_at, w2.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id})) end`,
    })
    .from(waitlistEntries)
    .innerJoin(timeSlots, eq(timeSlots.id, waitlistEntries.timeSlotId))
    .leftJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .leftJoin(athletes, eq(athletes.id, waitlistEntries.athleteId))
    .$dynamic();
  return joinCoachUser(query, timeSlots.coachId)
    .where(
      and(sql`${waitlistEntries.athleteId} in ${athleteIdsOfUserFamily(userId)}`, inArray(waitlistEntries.status, ["waiting", "offered"])),
    )
    .orderBy(asc(timeSlots.startsAt), asc(waitlistEntries.id));
}

/** The first waiting player of the slot, locked so that two sweeps never offer them twice. */
export async function lockFirstWaiting(tx: Tx, slotId: number, exceptEntryIds: number[] = []): Promise<WaitlistRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.timeSlotId, slotId),
        eq(waitlistEntries.status, "waiting"),
        exceptEntryIds.length > 0 ? notInArray(waitlistEntries.id, exceptEntryIds) : undefined,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return row;
}

export async function markOffered(tx: Tx, entryId: number, bookingId: number, now: Date): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: "offered", bookingId, offeredAt: now, updatedAt: now })
    .where(eq(waitlistEntries.id, entryId));
}

/** Offers whose held booking was paid become booked; those whose hold ran out (or was cancelled) lapse. */
export async function settleOffers(db: Queryable, now: Date): Promise<void> {
  await db.execute(sql`
    update waitlist_entries w set status = case when b.status in ('confirmed', 'completed') then 'booked' else 'lapsed' end,
      updated_at = ${now.toISOString()}::timestamptz
    from bookings b
    where w.status = 'offered' and b.id = w.booking_id and b.status in ('confirmed', 'completed', 'cancelled')`);
  // An offer whose booking row is gone can never be paid.
  await db.execute(sql`update waitlist_entries set status = 'lapsed', updated_at = ${now.toISOString()}::timestamptz
    where status = 'offered' and booking_id is null`);
}

/** Open future group slots that have someone waiting (the sweep's candidates). */
export async function slotsWithWaiting(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: waitlistEntries.timeSlotId })
    .from(waitlistEntries)
    .innerJoin(timeSlots, eq(timeSlots.id, waitlistEntries.timeSlotId))
    .where(
      and(
        eq(waitlistEntries.status, "waiting"),
        sql`${timeSlots.cancelledAt} is null`,
        sql`${timeSlots.startsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Waiting places of slots that have started or were cancelled: nothing will ever be offered. */
export async function closeStaleEntries(db: Queryable, now: Date): Promise<void> {
  await db.execute(sql`update waitlist_entries w set status = 'lapsed', updated_at = ${now.toISOString()}::timestamptz
    from time_slots s where w.status = 'waiting' and s.id = w.time_slot_id
      and (s.cancelled_at is not null or s.starts_at <= ${now.toISOString()}::timestamptz)`);
}

/** The athlete a seat is offered to, by name ("Mia Parker"); empty when the booking names none. */
export async function findAthleteName(db: Queryable, athleteId: number | null): Promise<string> {
  if (athleteId === null) return "";
  const [row] = await db
    .select({ firstName: athletes.firstName, lastName: athletes.lastName })
    .from(athletes)
    .where(eq(athletes.id, athleteId));
  return row ? fullName(row) : "";
}
