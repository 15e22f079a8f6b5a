import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import type { UserRow } from "../accounts/sessions.repository";
import { isUniqueViolation, returnedRow } from "../../db/sql";

export class EmailTakenError extends Error {}

export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | "firstName"
    | "lastName"
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
    | "preferredCoachingStyle"
    | "sessionPreferences"
  >
>;

export async function updateUser(db: Db, userId: number, changes: UserChanges, now: Date): Promise<UserRow> {
  try {
    const rows = await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return returnedRow(rows, `user ${userId}`);
  } catch (err) {
    if (isUniqueViolation(err, "users_email_lower_key")) throw new EmailTakenError();
    throw err;
  }
}
