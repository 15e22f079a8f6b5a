import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema/index";

export type UserRow = typeof users.$inferSelect;

export async function insertSession(db: Db, values: { idHash: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findSessionUser(db: Db, idHash: string, now: Date): Promise<UserRow | undefined> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0]?.user;
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
