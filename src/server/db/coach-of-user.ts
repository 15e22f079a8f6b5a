import { eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { coaches } from "./schema/index";
import type { Queryable } from "./sql";

export type CoachRow = typeof coaches.$inferSelect;

/**
 * The coach profile of a user, with the given columns: at most one per user (coaches_user_id_key).
 * Every feature that asks "is this user a coach, and which one" reads it here.
 */
export async function coachOfUser<T extends SelectedFields>(
  db: Queryable,
  userId: number,
  columns: T,
): Promise<SelectResultFields<T> | undefined> {
  // drizzle cannot resolve its row type for a generic T inside this function; callers get it back here.
  const rows = (await db.select(columns).from(coaches).where(eq(coaches.userId, userId)).limit(1)) as SelectResultFields<T>[];
  return rows[0];
}

/** The whole coach row of a user. */
export async function coachRowOfUser(db: Queryable, userId: number): Promise<CoachRow | undefined> {
  const [row] = await db.select().from(coaches).where(eq(coaches.userId, userId)).limit(1);
  return row;
}

/** The id of the user's coach profile, when they have one. */
export async function coachIdOfUser(db: Queryable, userId: number): Promise<number | undefined> {
  return (await coachOfUser(db, userId, { id: coaches.id }))?.id;
}
