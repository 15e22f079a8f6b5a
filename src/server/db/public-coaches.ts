import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { intArray, rowsOf } from "./sql";

/**
 * Which coaches have a public page and when each last changed (DESIGN.md 12). A profile is public
 * while its account is not suspended; its last change is the latest of the profile's (rates and
 * photo included, which touch it), the user's name or photo, and its newest review (the rating).
 */
const PUBLIC_COACH = sql`u.account_suspended_at is null`;
const LAST_CHANGED = sql`greatest(c.updated_at, u.updated_at, (select max(r.created_at) from reviews r where r.coach_id = c.id))`;

export type PublicCoachRow = { id: number; location: string | null; specializations: string[]; lastChangedAt: Date };

type RawRow = { id: number; location: string | null; specializations: string[] | null; last_changed_at: string | Date };
const toRow = (raw: RawRow): PublicCoachRow => ({
  id: Number(raw.id),
  location: raw.location,
  specializations: raw.specializations ?? [],
  lastChangedAt: new Date(raw.last_changed_at),
});

/** The coach's public facts, or undefined when there is no such coach or its profile is not public. */
export async function findPublicCoach(db: Db, coachId: number): Promise<PublicCoachRow | undefined> {
  const result = await db.execute(sql`
    select c.id, c.location, c.specializations, ${LAST_CHANGED} as last_changed_at
    from coaches c join users u on u.id = c.user_id
    where c.id = ${coachId} and ${PUBLIC_COACH}`);
  return rowsOf<RawRow>(result).map(toRow)[0];
}

/** Public coaches after `afterId`, by id, at most `limit` (a sitemap file's worth). */
export async function listPublicCoaches(db: Db, afterId: number, limit: number): Promise<PublicCoachRow[]> {
  const result = await db.execute(sql`
    select c.id, c.location, c.specializations, ${LAST_CHANGED} as last_changed_at
    from coaches c join users u on u.id = c.user_id
    where c.id > ${afterId} and ${PUBLIC_COACH}
    order by c.id limit ${limit}`);
  return rowsOf<RawRow>(result).map(toRow);
}

/** How many coaches have a public page. */
export async function countPublicCoaches(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from coaches c join users u on u.id = c.user_id where ${PUBLIC_COACH}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The `n`-th public coach id by id order (0-based), where a sitemap file of that offset starts; undefined past the end. */
export async function publicCoachIdAt(db: Db, offset: number): Promise<number | undefined> {
  const result = await db.execute(sql`
    select c.id from coaches c join users u on u.id = c.user_id where ${PUBLIC_COACH}
    order by c.id offset ${offset} limit 1`);
  const id = rowsOf<{ id: number }>(result)[0]?.id;
  return id === undefined ? undefined : Number(id);
}

/**
 * Public coaches with a town, for the place pages (id, town, what they teach, last change): every
 * one, or those of `coachIds` (the ones changed since the last read; absent ones are no longer public
 * or placed).
 */
export async function listPublicCoachTowns(db: Db, coachIds?: readonly number[]): Promise<PublicCoachRow[]> {
  const only = coachIds ? sql`and c.id = any(${intArray(coachIds)})` : sql``;
  const result = await db.execute(sql`
    select c.id, c.location, c.specializations, ${LAST_CHANGED} as last_changed_at
    from coaches c join users u on u.id = c.user_id
    where c.location is not null and ${PUBLIC_COACH} ${only}
    order by c.id`);
  return rowsOf<RawRow>(result).map(toRow);
}
