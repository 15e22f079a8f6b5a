import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isLiveSession, liveSessionParams, sessionUserJoin, touchedSession, type SessionKey } from "../../db/live-session";
import { sessions, users } from "../../db/schema/index";
import { preparedPerDb } from "../../db/sql";

export type UserRow = typeof users.$inferSelect;

export async function insertSession(db: Db, values: { idHash: string; userId: number; expiresAt: Date; lastSeenAt: Date }): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * Every API call reads its session: the query is built once per database (drizzle's building of a
 * select of every user column was a fifth of a busy server's CPU) and prepared once per connection.
 */
const findSessionUserQuery = preparedPerDb((db) =>
  db
    .with(touchedSession(db))
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .where(isLiveSession())
    .limit(1)
    .prepare("find_session_user"),
);

/** The user of a live session (db/live-session.ts) and when the session was last used, its last use moved on (touchedSession). */
export async function findSessionUser(db: Db, key: SessionKey): Promise<{ user: UserRow; lastSeenAt: Date } | undefined> {
  const rows = await findSessionUserQuery(db).execute(liveSessionParams(key));
  return rows[0];
}

/** Which of these sessions are still alive (the socket server re-checks its sockets with one query). */
export async function findLiveSessions(
  db: Db,
  idHashes: string[],
  now: Date,
  idleSince: Date,
): Promise<{ idHash: string; userType: UserRow["userType"] }[]> {
  if (idHashes.length === 0) return [];
  return db
    .select({ idHash: sessions.idHash, userType: users.userType })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .where(and(inArray(sessions.idHash, idHashes), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)));
}

export async function deleteSession(db: Db, idHash: string): Promise<{ userId: number } | undefined> {
  const rows = await db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ userId: sessions.userId });
  return rows[0];
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past their absolute end or idle too long; returns whose they were, so their sockets can be told. */
export async function deleteExpiredSessions(db: Db, now: Date, idleSince: Date, limit = 1000): Promise<number[]> {
  const due = db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.idHash} in (${due})`)
    .returning({ userId: sessions.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

/** Moves every session's last use forward by `minutes` (the test clock jumped; see sessions.service). */
export async function shiftLastSeen(db: Db, minutes: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`${sessions.lastSeenAt} + (${minutes}::float8 * interval '1 minute')` });
}
