import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { athletes, familyGuardians } from "./schema/index";
import { type Queryable, rowsOf } from "./sql";

/**
 * The family of a player (DESIGN.md 11), made on first use with the player's own profile as its
 * first athlete: one SQL rule (`family_of_user`, migration 0015) shared with the triggers that give
 * a booking, request or waitlist entry without an athlete the family's first one.
 */
export async function familyIdOfUser(db: Queryable, userId: number): Promise<number> {
  const rows = await db.execute(sql`select family_of_user(${userId}) as id`);
  const id = rowsOf<{ id: number }>(rows)[0]?.id;
  if (id === undefined) throw new Error("family_of_user answered no row");
  return Number(id);
}

/** The user ids of a family's guardians, the account holder first. */
export async function guardianIdsOfFamily(db: Queryable, familyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: familyGuardians.userId })
    .from(familyGuardians)
    .where(eq(familyGuardians.familyId, familyId))
    .orderBy(asc(familyGuardians.createdAt), asc(familyGuardians.userId));
  return rows.map((r) => r.userId);
}

/** The family's athletes, oldest first (the first is the account's own profile); removed ones are left out. */
export async function athletesOfFamily(db: Queryable, familyId: number) {
  return db
    .select()
    .from(athletes)
    .where(and(eq(athletes.familyId, familyId), isNull(athletes.removedAt)))
    .orderBy(asc(athletes.id));
}

/** The family a user is a guardian of, without making one (undefined for a coach or a player not yet in one). */
export async function existingFamilyIdOfUser(db: Queryable, userId: number): Promise<number | undefined> {
  const rows = await db.select({ familyId: familyGuardians.familyId }).from(familyGuardians).where(eq(familyGuardians.userId, userId));
  return rows[0]?.familyId;
}

/** SQL: the ids of every athlete of the user's family (for "the booking's athlete is in my family"). */
export const athleteIdsOfUserFamily = (userId: number) =>
  sql`(select a.id from athletes a join family_guardians g on g.family_id = a.family_id where g.user_id = ${userId})`;

/** True when the athlete belongs to the family the user is a guardian of. */
export async function isGuardianOfAthlete(db: Queryable, userId: number, athleteId: number | null): Promise<boolean> {
  if (athleteId === null) return false;
  const rows = await db.execute(
    sql`select 1 as ok from athletes a join family_guardians g on g.family_id = a.family_id where a.id = ${athleteId} and g.user_id = ${userId} limit 1`,
  );
  return rowsOf(rows).length > 0;
}

/** The athlete columns a session shows (bookings, requests, the coach's calendar). */
export const athleteSummaryColumns = {
  id: athletes.id,
  familyId: athletes.familyId,
  firstName: athletes.firstName,
  lastName: athletes.lastName,
  birthday: athletes.birthday,
  position: athletes.position,
};
