import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { athletes, families, familyGuardians, familyInvitations, users } from "../../db/schema/index";
import { type Queryable, returnedRow, rowsOf } from "../../db/sql";

export type AthleteRow = typeof athletes.$inferSelect;
export type NewAthleteValues = Omit<typeof athletes.$inferInsert, "id" | "familyId" | "createdAt" | "updatedAt" | "removedAt">;
export type InvitationRow = typeof familyInvitations.$inferSelect;

export { athletesOfFamily, existingFamilyIdOfUser, familyIdOfUser, firstAthleteOfUser, guardianIdsOfFamily } from "../../db/families";

/** Serialises changes to one family's athletes and guardians (counts stay true under concurrency). */
export async function lockFamily(tx: Tx, familyId: number): Promise<void> {
  await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for("update");
}

export async function findAthleteOfFamily(db: Queryable, familyId: number, athleteId: number): Promise<AthleteRow | undefined> {
  const rows = await db
    .select()
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.familyId, familyId), isNull(athletes.removedAt)))
    .limit(1);
  return rows[0];
}

export async function countAthletes(db: Queryable, familyId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(athletes)
    .where(and(eq(athletes.familyId, familyId), isNull(athletes.removedAt)));
  return rows[0]?.n ?? 0;
}

export async function insertAthlete(tx: Tx, familyId: number, values: NewAthleteValues, now: Date): Promise<AthleteRow> {
  const rows = await tx
    .insert(athletes)
    .values({ ...values, familyId, createdAt: now, updatedAt: now })
    .returning();
  return returnedRow(rows, "athlete");
}

export async function updateAthlete(db: Queryable, athleteId: number, values: Partial<NewAthleteValues>, now: Date): Promise<AthleteRow> {
  const rows = await db
    .update(athletes)
    .set({ ...values, updatedAt: now })
    .where(eq(athletes.id, athleteId))
    .returning();
  return returnedRow(rows, "athlete");
}

export type GuardianRow = { userId: number; firstName: string | null; lastName: string | null; email: string; since: Date };

export async function listGuardians(db: Queryable, familyId: number): Promise<GuardianRow[]> {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      since: familyGuardians.createdAt,
    })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(eq(familyGuardians.familyId, familyId))
    .orderBy(asc(familyGuardians.createdAt), asc(familyGuardians.userId));
}

export async function removeGuardian(tx: Tx, familyId: number, userId: number): Promise<void> {
  await tx.delete(familyGuardians).where(and(eq(familyGuardians.familyId, familyId), eq(familyGuardians.userId, userId)));
}

export async function addGuardian(tx: Tx, familyId: number, userId: number, now: Date): Promise<void> {
  await tx.insert(familyGuardians).values({ familyId, userId, createdAt: now });
}

export async function deleteFamily(tx: Tx, familyId: number): Promise<void> {
  await tx.delete(families).where(eq(families.id, familyId));
}

/** Moves athletes (and with them their sessions, requests and waitlist places) into another family. */
export async function moveAthletes(tx: Tx, athleteIds: number[], toFamilyId: number, now: Date): Promise<void> {
  if (athleteIds.length === 0) return;
  await tx.update(athletes).set({ familyId: toFamilyId, updatedAt: now }).where(inArray(athletes.id, athleteIds));
}

/** Athletes worth keeping when their family joins another: those with a profile or anything on record. */
export async function athletesWorthMoving(tx: Tx, familyId: number): Promise<number[]> {
  const rows = await tx.execute(sql`
    select a.id from athletes a
    where a.family_id = ${familyId} and a.removed_at is null
      and (a.birthday is not null or a.position is not null
        or exists (select 1 from bookings b where b.athlete_id = a.id)
        or exists (select 1 from session_requests r where r.athlete_id = a.id)
        or exists (select 1 from waitlist_entries w where w.athlete_id = a.id))
    order by a.id`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

export async function insertInvitation(
  db: Queryable,
  values: { familyId: number; email: string; tokenHash: string; invitedBy: number; now: Date },
): Promise<InvitationRow> {
  const rows = await db
    .insert(familyInvitations)
    .values({
      familyId: values.familyId,
      email: values.email,
      tokenHash: values.tokenHash,
      invitedBy: values.invitedBy,
      createdAt: values.now,
      mailedAt: values.now,
    })
    .returning();
  return returnedRow(rows, "invitation");
}

export async function findInvitationByTokenHash(db: Queryable, tokenHash: string): Promise<InvitationRow | undefined> {
  const rows = await db.select().from(familyInvitations).where(eq(familyInvitations.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function lockInvitation(tx: Tx, id: number): Promise<InvitationRow | undefined> {
  const rows = await tx.select().from(familyInvitations).where(eq(familyInvitations.id, id)).for("update");
  return rows[0];
}

export async function markInvitationAccepted(tx: Tx, id: number, userId: number, now: Date): Promise<void> {
  await tx.update(familyInvitations).set({ acceptedAt: now, acceptedBy: userId }).where(eq(familyInvitations.id, id));
}

/** Invitations of the family still open (neither accepted nor revoked). */
export async function listOpenInvitations(db: Queryable, familyId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(familyInvitations)
    .where(and(eq(familyInvitations.familyId, familyId), isNull(familyInvitations.acceptedAt), isNull(familyInvitations.revokedAt)))
    .orderBy(asc(familyInvitations.id));
}

export async function revokeInvitation(db: Queryable, familyId: number, invitationId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(familyInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(familyInvitations.id, invitationId),
        eq(familyInvitations.familyId, familyId),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
      ),
    )
    .returning({ id: familyInvitations.id });
  return rows.length > 0;
}

/** Invitations made without a mail (the migration's, for existing minors' parents), claimed for mailing. */
export async function claimUnmailedInvitations(tx: Tx, now: Date, limit: number): Promise<InvitationRow[]> {
  const due = await tx
    .select({ id: familyInvitations.id })
    .from(familyInvitations)
    .where(and(isNull(familyInvitations.mailedAt), isNull(familyInvitations.acceptedAt), isNull(familyInvitations.revokedAt)))
    .orderBy(asc(familyInvitations.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(familyInvitations)
    .set({ mailedAt: now })
    .where(
      inArray(
        familyInvitations.id,
        due.map((d) => d.id),
      ),
    )
    .returning();
}

export async function setInvitationToken(tx: Tx, id: number, tokenHash: string): Promise<void> {
  await tx.update(familyInvitations).set({ tokenHash }).where(eq(familyInvitations.id, id));
}

export type UserBrief = { id: number; firstName: string | null; lastName: string | null; email: string; emailVerified: boolean };

export async function findUserBrief(db: Queryable, userId: number): Promise<UserBrief | undefined> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** Whether an address already guards this family (an invitation to them would be pointless). */
export async function isEmailGuardianOf(db: Queryable, familyId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(and(eq(familyGuardians.familyId, familyId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return rows.length > 0;
}
