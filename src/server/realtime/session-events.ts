import type { Logger } from "pino";
import type { Database } from "../db/client";

export const SESSION_CHANNEL = "session_events";
/** Keeps a NOTIFY payload well under PostgreSQL's 8000-byte limit; a larger batch goes out in several. */
const USERS_PER_MESSAGE = 500;

/**
 * "Something about these users' sessions or roles changed": every process re-checks the sockets of
 * those users against the sessions table and closes the ones whose session ended or whose role
 * changed (logout, password reset, promotion, expiry). Carried by NOTIFY like calendar events, so
 * a logout on one process closes sockets held by another.
 */
export async function publishSessionsEnded(deps: { database: Database; logger: Logger }, userIds: number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += USERS_PER_MESSAGE) {
    const batch = userIds.slice(i, i + USERS_PER_MESSAGE);
    try {
      await deps.database.notify(SESSION_CHANNEL, JSON.stringify({ userIds: batch }));
    } catch (err) {
      // The periodic re-check in the socket server still closes these sockets within a heartbeat.
      deps.logger.error({ err }, "could not publish a session change");
    }
  }
}

export async function subscribeSessionsEnded(
  deps: { database: Database; logger: Logger },
  handler: (userIds: number[]) => void,
): Promise<() => Promise<void>> {
  return deps.database.listen(SESSION_CHANNEL, (payload) => {
    try {
      const parsed = JSON.parse(payload) as { userIds?: unknown };
      const ids = Array.isArray(parsed.userIds) ? parsed.userIds.filter((v): v is number => Number.isInteger(v)) : [];
      if (ids.length > 0) handler(ids);
    } catch {
      deps.logger.warn("ignored a malformed session event");
    }
  });
}
