import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { athletes, families, familyGuardians, familyInvitations, parentContactConfirmations, users } from "../../db/schema/index";
import { type Queryable, returnedRow, rowsOf } from "../../db/sql";

export type AthleteRow = typeof athletes.$inferSelect;
export type NewAthleteValues = Omit<typeof athletes.$inferInsert, "id" | "familyId" | "createdAt" | "updatedAt" | "removedAt">;
export type InvitationRow = typeof familyInvitations.$inferSelect;

export { athletesOfFamily, existingFamilyIdOfUser, familyIdOfUser, firstAthletesOfUser, guardianIdsOfFamily } from "../../db/families";

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

export async function removeGuardian(tx: Tx, familyId: number, userId: number): Promise<void> {
  await tx.delete(familyGuardians).where(and(eq(familyGuardians.familyId, familyId), eq(familyGuardians.userId, userId)));
}

export async function addGuardian(tx: Tx, familyId: number, userId: number, now: Date): Promise<void> {
  await tx.insert(familyGuardians).values({ familyId, userId, createdAt: now });
}

export async function deleteFamily(tx: Tx, familyId: number): Promise<void> {
  await tx.delete(families).where(eq(families.id, familyId));
}

/**
 * Whether anything is on record for the family (DESIGN.md 12): a booking, request, waitlist place,
 * feedback rating of any of its athletes (removed ones too), a package or a conversation. Such a
 * family is never dissolved by joining another one.
 */
export async function familyHasHistory(db: Queryable, familyId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from athletes a
    where a.family_id = ${familyId}
      and (exists (select 1 from bookings b where b.athlete_id = a.id)
        or exists (select 1 from session_requests r where r.athlete_id = a.id)
        or exists (select 1 from waitlist_entries w where w.athlete_id = a.id)
        or exists (select 1 from session_skill_ratings s where s.athlete_id = a.id))
    union all select 1 from conversations c where c.family_id = ${familyId}
    union all select 1 from package_purchases p where p.family_id = ${familyId}
    limit 1`);
  return rowsOf(rows).length > 0;
}

/** A guardian with what decides their rights in the family: age and parent fields (a minor account holder). */
export type FamilyMemberRow = GuardianRow & { birthday: string | null; parentEmail: string | null };

/** The family's guardians (the account holder first) and its stored owner. */
export async function familyMembers(
  db: Queryable,
  familyId: number,
): Promise<{ members: FamilyMemberRow[]; storedOwnerId: number | null }> {
  const members = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      since: familyGuardians.createdAt,
      birthday: users.birthday,
      parentEmail: users.parentEmail,
    })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(eq(familyGuardians.familyId, familyId))
    .orderBy(asc(familyGuardians.createdAt), asc(familyGuardians.userId));
  const owner = await db.select({ ownerUserId: families.ownerUserId }).from(families).where(eq(families.id, familyId)).limit(1);
  return { members, storedOwnerId: owner[0]?.ownerUserId ?? null };
}

export async function setOwner(tx: Tx, familyId: number, userId: number): Promise<void> {
  await tx.update(families).set({ ownerUserId: userId }).where(eq(families.id, familyId));
}

/** Invitations the family sent since a moment, and those sent to one address by any family. */
export async function countInvitationsSince(db: Queryable, since: Date, by: { familyId: number } | { email: string }): Promise<number> {
  const who = "familyId" in by ? eq(familyInvitations.familyId, by.familyId) : eq(familyInvitations.email, by.email);
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(familyInvitations)
    .where(and(who, gt(familyInvitations.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export type ParentConfirmationRow = typeof parentContactConfirmations.$inferSelect;

export async function insertParentConfirmation(db: Queryable, values: { userId: number; email: string; tokenHash: string; now: Date }) {
  await db
    .insert(parentContactConfirmations)
    .values({ userId: values.userId, email: values.email, tokenHash: values.tokenHash, createdAt: values.now });
}

export async function findParentConfirmation(db: Queryable, tokenHash: string): Promise<ParentConfirmationRow | undefined> {
  const rows = await db.select().from(parentContactConfirmations).where(eq(parentContactConfirmations.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function markParentConfirmed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(parentContactConfirmations).set({ confirmedAt: now }).where(eq(parentContactConfirmations.id, id));
}

/** Whether this address confirmed itself as the user's parent contact. */
export async function isParentEmailConfirmed(db: Queryable, userId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: parentContactConfirmations.id })
    .from(parentContactConfirmations)
    .where(
      and(
        eq(parentContactConfirmations.userId, userId),
        eq(parentContactConfirmations.email, email.trim().toLowerCase()),
        sql`${parentContactConfirmations.confirmedAt} is not null`,
      ),
    )
    .limit(1);
  return rows.length > 0;
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

/** The user's parent contact address as stored (null when none). */
export async function findUserParentEmail(db: Queryable, userId: number): Promise<string | null> {
  const rows = await db.select({ parentEmail: users.parentEmail }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.parentEmail ?? null;
}
