import { coachIdOfUser } from "../../db/coach-of-user";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailVerificationTokens, passwordResetTokens, users } from "../../db/schema/index";
import type { UserRow } from "./sessions.repository";
import { isUniqueViolation, returnedRow, rowsOf } from "../../db/sql";

export type NewUser = {
  email: string;
  passwordHash: string | null;
  googleSubject?: string | null;
  firstName: string | null;
  lastName: string | null;
  userType: UserRow["userType"];
  emailVerified?: boolean;
};

/** Thrown by insertUser when the e-mail (any case) or the Google subject is already taken. */
export class DuplicateUserError extends Error {}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function findUserByGoogleSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return rows[0];
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  try {
    return returnedRow(await db.insert(users).values(values).returning(), "the new user");
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateUserError();
    throw err;
  }
}

export async function setUserType(db: Db, userId: number, userType: UserRow["userType"]): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({ userType, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return returnedRow(rows, `user ${userId}`);
}

export async function listAdmins(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.userType, "admin")).orderBy(users.email);
}

/** The id of the user's coach profile, or null when they have none. */
export async function findCoachIdForUser(db: Db, userId: number): Promise<number | null> {
  return (await coachIdOfUser(db, userId)) ?? null;
}

/** A guardian of a family who is not its account holder (its first guardian): they joined by invitation. */
export async function isInvitedGuardian(db: Db, userId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from family_guardians g
    where g.user_id = ${userId}
      and exists (select 1 from family_guardians o where o.family_id = g.family_id
        and (o.created_at, o.user_id) < (g.created_at, g.user_id))`);
  return rowsOf(rows).length > 0;
}

export async function insertPasswordResetToken(db: Db, values: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** A link's token that still works: this hash, never used, not expired (reset and verification links alike). */
function usableToken(tokens: typeof passwordResetTokens | typeof emailVerificationTokens, tokenHash: string, now: Date) {
  return and(eq(tokens.tokenHash, tokenHash), isNull(tokens.usedAt), gt(tokens.expiresAt, now));
}

export async function findUsablePasswordResetToken(db: Db, tokenHash: string, now: Date): Promise<{ userId: number } | undefined> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usableToken(passwordResetTokens, tokenHash, now))
    .limit(1);
  return rows[0];
}

/** Marks the token used if it still is usable; the single UPDATE makes a token usable exactly once, even under concurrency. */
export async function consumePasswordResetToken(db: Db, tokenHash: string, now: Date): Promise<{ userId: number } | undefined> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usableToken(passwordResetTokens, tokenHash, now))
    .returning({ userId: passwordResetTokens.userId });
  return rows[0];
}

/** After a reset: every other reset link of the user stops working. */
export async function useUpResetTokensOfUser(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertEmailVerificationToken(
  db: Db,
  values: { userId: number; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

/** Uses up a verification token if it still is usable (one UPDATE: usable exactly once, even under concurrency). */
export async function consumeEmailVerificationToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; email: string } | undefined> {
  const rows = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(usableToken(emailVerificationTokens, tokenHash, now))
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return rows[0];
}

export async function lockUser(db: Db, userId: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
  return rows[0];
}

/** A sign-in's new hash of the same password, unless the password was changed meanwhile (the hash read is no longer there). */
export async function replacePasswordHash(db: Db, userId: number, readHash: string, newHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, readHash)));
}

export async function updateAccount(
  db: Db,
  userId: number,
  changes: Partial<Pick<UserRow, "email" | "emailVerified" | "pendingEmail" | "passwordHash" | "googleSubject" | "userType">>,
): Promise<UserRow> {
  try {
    const rows = await db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    return returnedRow(rows, `user ${userId}`);
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateUserError();
    throw err;
  }
}
