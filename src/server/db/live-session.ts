import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { sessions, users } from "./schema/index";

/**
 * Which session a statement looks for, the instants that decide whether it is still alive, and
 * before which its last use is moved to `now` (its idle deadline moved on at most once a minute).
 */
export type SessionKey = { idHash: string; now: Date; idleSince: Date; touchBefore: Date };

/**
 * The rule of a live session (sessions.service.ts sets its deadlines): the session whose hash is the
 * `idHash` placeholder, neither past its absolute end at `now` nor unused since `idleSince`. One
 * rule for the session's own statement and for a statement that reads a route's first rows beside
 * the session (POST /api/bookings's pre-read), so both sign the same sessions in.
 */
export function isLiveSession(): SQL {
  const conditions = [
    eq(sessions.idHash, sql.placeholder("idHash")),
    gt(sessions.expiresAt, sql.placeholder("now")),
    gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
  ];
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** The session's user, joined to `sessions` in a statement that reads a session; a suspended account has none (DESIGN 12, Moderation). */
export const sessionUserJoin = and(eq(users.id, sessions.userId), isNull(users.accountSuspendedAt));

/**
 * The session's last use moved to `now` when it is older than `touchBefore`, in the statement that
 * reads the session (a WITH that PostgreSQL runs whatever the main query reads; the main query sees
 * the row as it was): no request spends a round trip of its own on it. Only a session the main
 * query signs in is touched (isLiveSession, and its user not suspended): a request never brings an
 * idle or ended session back. The statement is then a write once a minute per session, a read otherwise.
 */
export const touchedSession = (db: Db) =>
  db.$with("touched_session", { idHash: sql<string>`id_hash`.as("id_hash") }).as(
    sql`update ${sessions} set last_seen_at = ${sql.placeholder("now")}
      where ${isLiveSession()} and ${sessions.lastSeenAt} < ${sql.placeholder("touchBefore")}
        and exists (select 1 from ${users} where ${sessionUserJoin})
      returning ${sessions.idHash}`,
  );

/** The placeholders of isLiveSession and touchedSession for a key (instants as ISO strings, as prepared statements take them). */
export const liveSessionParams = (key: SessionKey) => ({
  idHash: key.idHash,
  now: key.now.toISOString(),
  idleSince: key.idleSince.toISOString(),
  touchBefore: key.touchBefore.toISOString(),
});
