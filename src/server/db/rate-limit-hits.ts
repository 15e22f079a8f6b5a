import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { rateLimitHits } from "./schema/index";
import { returnedRow } from "./sql";

/**
 * Counts one hit for `key`, starting a new window when the old one has ended; one upsert so
 * concurrent processes never lose a hit.
 */
export async function incrementHit(db: Db, key: string, now: Date, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const nextReset = new Date(now.getTime() + windowMs);
  const expired = sql`${rateLimitHits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, resetAt: nextReset })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitHits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt });
  return returnedRow(rows, `the rate-limit counter ${key}`);
}

export async function findHit(db: Db, key: string, now: Date): Promise<{ count: number; resetAt: Date } | undefined> {
  const rows = await db
    .select({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key))
    .limit(1);
  const row = rows[0];
  return row && row.resetAt > now ? row : undefined;
}

export async function decrementHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(eq(rateLimitHits.key, key));
}

export async function deleteHit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

export async function deleteExpiredHits(db: Db, now: Date, prefix: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(lt(rateLimitHits.resetAt, now), sql`${rateLimitHits.key} like ${prefix + "%"}`));
}

/**
 * Deletes the counters `${prefix}${suffix}` and every `${pairPrefix}<anything>${pairSuffix}` (the
 * failed-login counts of one account, from any address). Compared with right(), not LIKE, so that
 * an address's `_` or `%` matches only itself.
 */
export async function deleteHitsOfAccount(db: Db, keys: { exact: string[]; pairPrefix: string; pairSuffix: string }): Promise<void> {
  for (const key of keys.exact) await deleteHit(db, key);
  await db
    .delete(rateLimitHits)
    .where(
      and(
        sql`left(${rateLimitHits.key}, ${keys.pairPrefix.length}) = ${keys.pairPrefix}`,
        sql`right(${rateLimitHits.key}, ${keys.pairSuffix.length}) = ${keys.pairSuffix}`,
      ),
    );
}
