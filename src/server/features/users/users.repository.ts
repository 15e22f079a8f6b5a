import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import type { UserRow } from "../accounts/sessions.repository";

export class EmailTakenError extends Error {}

export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | "firstName"
    | "lastName"
    | "email"
    | "phoneNumber"
    | "smsOptIn"
    | "position"
    | "ageGroup"
    | "skillLevel"
    | "goals"
    | "maxTravelDistance"
    | "preferredLocation"
    | "profileImageUrl"
    | "playerEmail"
    | "birthday"
    | "parentFirstName"
    | "parentLastName"
    | "parentPhoneNumber"
    | "parentEmail"
    | "parentSmsOptIn"
    | "secondaryPosition"
  >
>;

export async function updateUser(db: Db, userId: number, changes: UserChanges, now: Date): Promise<UserRow> {
  try {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err, "users_email_lower_key")) throw new EmailTakenError();
    throw err;
  }
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: string; constraint?: string; message?: string };
    if (pgErr.code === "23505" && (pgErr.constraint === constraint || pgErr.message?.includes(constraint))) return true;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return false;
}
