import { asc, eq, sql } from "drizzle-orm";
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

/** The family's athletes, oldest first (the first is the account's own profile). */
export async function athletesOfFamily(db: Queryable, familyId: number) {
  return db.select().from(athletes).where(eq(athletes.familyId, familyId)).orderBy(asc(athletes.id));
}
