import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { coaches, rates, users } from "../../db/schema/index";
import { isUniqueViolation, returnedRow } from "../../db/sql";
import type { CoachRow } from "../../db/coach-of-user";

export type RateRow = typeof rates.$inferSelect;
export type CoachUserRow = Pick<typeof users.$inferSelect, "id" | "firstName" | "lastName" | "email" | "phoneNumber" | "profileImageUrl">;
export type CoachWithDetails = { coach: CoachRow; rates: RateRow[]; user: CoachUserRow };

export type CoachValues = Omit<typeof coaches.$inferInsert, "id" | "createdAt" | "updatedAt">;
export type RateValues = { sessionType: "individual" | "group"; durationMinutes: number; rateCents: number };

export class CoachExistsError extends Error {}

const coachUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  profileImageUrl: users.profileImageUrl,
};

async function withDetails(db: Db | Tx, where: ReturnType<typeof eq>): Promise<CoachWithDetails | undefined> {
  const rows = await db
    .select({ coach: coaches, user: coachUserColumns })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(where)
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const rateRows = await db
    .select()
    .from(rates)
    .where(eq(rates.coachId, row.coach.id))
    .orderBy(asc(rates.sessionType), asc(rates.durationMinutes));
  return { coach: row.coach, user: row.user, rates: rateRows };
}

export const findCoachByUserId = (db: Db | Tx, userId: number) => withDetails(db, eq(coaches.userId, userId));
export const findCoachById = (db: Db | Tx, id: number) => withDetails(db, eq(coaches.id, id));

export { coachRowOfUser as findCoachRowByUserId } from "../../db/coach-of-user";

export async function insertCoach(tx: Tx, values: CoachValues): Promise<CoachRow> {
  try {
    return returnedRow(await tx.insert(coaches).values(values).returning(), "the new coach");
  } catch (err) {
    if (isUniqueViolation(err, "coaches_user_id_key")) throw new CoachExistsError();
    throw err;
  }
}

export async function updateCoach(tx: Tx, id: number, values: Partial<CoachValues>, now: Date): Promise<void> {
  await tx
    .update(coaches)
    .set({ ...values, updatedAt: now })
    .where(eq(coaches.id, id));
}

export async function replaceRates(tx: Tx, coachId: number, values: RateValues[]): Promise<void> {
  await tx.delete(rates).where(eq(rates.coachId, coachId));
  if (values.length > 0) await tx.insert(rates).values(values.map((v) => ({ ...v, coachId })));
}

/** Returns the id of the user's coach profile, or undefined when they have none. */
export async function setCoachImageForUser(db: Db | Tx, userId: number, url: string, now: Date): Promise<number | undefined> {
  const rows = await db
    .update(coaches)
    .set({ profileImageUrl: url, updatedAt: now })
    .where(eq(coaches.userId, userId))
    .returning({ id: coaches.id });
  return rows[0]?.id;
}
