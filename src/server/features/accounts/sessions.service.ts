import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import type { SessionKey } from "../../db/live-session";
import type { AppDeps } from "../../deps";
import { publishSessionsEnded } from "../../realtime/session-events";
import * as repo from "./sessions.repository";

/** A user row as a session reads it (the guards in http/require-session.ts take it from here). */
export type { UserRow } from "./sessions.repository";

export const SESSION_COOKIE = "sid";
/**
 * The session cookie's name where the app is served over HTTPS: the `__Host-` prefix makes the
 * browser accept it only Secure, for path /, from this very host (no sibling subdomain can set or
 * shadow it).
 */
export const HOST_SESSION_COOKIE = "__Host-sid";
/** Absolute lifetime: a session ends 30 days after sign-in however much it is used. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Idle timeout: a session unused for 3 days ends (a forgotten sign-in on a shared computer, a stolen cookie left unused). */
export const SESSION_IDLE_MS = 3 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");
const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS);

/** Starts a new session for the user and returns the opaque token for the cookie. */
export async function startSession(db: Db, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await repo.insertSession(db, { idHash: hashSessionToken(token), userId, expiresAt, lastSeenAt: now });
  return { token, expiresAt };
}

/** The user of a live session, moving its idle deadline forward. */
export async function userForSessionToken(db: Db, token: string, now: Date): Promise<repo.UserRow | undefined> {
  return (await readSession(db, token, now, sessionUserStatement))?.user;
}

/** What a session's statement answers: the live session's user and its last use (and what a route read beside them). */
export type SessionRead = { user: repo.UserRow; lastSeenAt: Date };

/**
 * A statement that reads the live session of `key` (the rule of db/live-session.ts) with its user:
 * the session's own (sessionUserStatement), or a route's that reads its first rows beside them in
 * the same round trip (POST /api/bookings's pre-read).
 */
export type SessionStatement<T extends SessionRead> = (db: Db, key: SessionKey) => Promise<T | undefined>;

/** The session and its user alone: what every request reads (http/require-session.ts). */
export const sessionUserStatement: SessionStatement<SessionRead> = repo.findSessionUser;

/**
 * The live session of a token as `statement` reads it, its idle deadline moved forward (last_seen_at
 * written at most once a minute); undefined when the token names no live session. The one path from
 * a cookie to a signed-in user, whichever statement reads it: nothing about a session is kept
 * between requests, so a session ended, a user deleted or a role changed counts from the next request.
 */
export async function readSession<T extends SessionRead>(
  db: Db,
  token: string,
  now: Date,
  statement: SessionStatement<T>,
): Promise<T | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const idHash = hashSessionToken(token);
  // The statement itself moves the session's last use on (db/live-session.ts, touchedSession).
  return statement(db, { idHash, now, idleSince: idleSince(now), touchBefore: new Date(now.getTime() - TOUCH_EVERY_MS) });
}

/** Of these session hashes, the ones still alive, with their user's current role. */
export async function liveSessions(db: Db, idHashes: string[], now: Date) {
  return repo.findLiveSessions(db, idHashes, now, idleSince(now));
}

/** Signs one browser out; its open sockets close, in every process. */
export async function endSession(deps: Pick<AppDeps, "database" | "logger">, token: string): Promise<void> {
  const ended = await repo.deleteSession(deps.database.db, hashSessionToken(token));
  if (ended) await publishSessionsEnded(deps, [ended.userId]);
}

/** Inside a transaction: the caller publishes with publishSessionsEnded once it has committed. */
export async function endAllSessionsOfUser(db: Db, userId: number): Promise<void> {
  await repo.deleteUserSessions(db, userId);
}

/** Sweep: removes sessions past their absolute end or idle timeout, and closes their sockets. */
/**
 * A jump of the test clock (POST /api/test/clock) is simulated calendar time, not a user walking
 * away: sessions keep their idle allowance across it, so a flow that books today and gives feedback
 * after a session next week stays signed in. The absolute lifetime still counts simulated time.
 */
export async function discountClockJump(db: Db, minutes: number): Promise<void> {
  await repo.shiftLastSeen(db, minutes);
}

export async function purgeExpiredSessions(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const userIds = await repo.deleteExpiredSessions(deps.database.db, now, idleSince(now));
  if (userIds.length > 0) await publishSessionsEnded(deps, userIds);
}
