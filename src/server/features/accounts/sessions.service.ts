import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import * as repo from "./sessions.repository";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a new session for the user and returns the opaque token for the cookie. */
export async function startSession(db: Db, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await repo.insertSession(db, { idHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function userForSessionToken(db: Db, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return repo.findSessionUser(db, hashToken(token), now);
}

export async function endSession(db: Db, token: string): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}

export async function endAllSessionsOfUser(db: Db, userId: number): Promise<void> {
  await repo.deleteUserSessions(db, userId);
}
