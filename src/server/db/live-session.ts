import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { sessions, users } from "./schema/index";

/** Which session a statement looks for, and the instants that decide whether it is still alive. */
export type SessionKey = { idHash: string; now: Date; idleSince: Date };

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

/** The placeholders of isLiveSession for a key (instants as ISO strings, as prepared statements take them). */
export const liveSessionParams = (key: SessionKey) => ({
  idHash: key.idHash,
  now: key.now.toISOString(),
  idleSince: key.idleSince.toISOString(),
});
