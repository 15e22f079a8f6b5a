import { and, asc, desc, eq, gt, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { SCREENING_KINDS, type CredentialStatus } from "@contract/credentials";
import { athletes, bookings, coachCredentials, coaches, credentialDocuments, users } from "../../db/schema/index";
import { userNameSql } from "../../db/people";
import { returnedRow, type Queryable } from "../../db/sql";

export type CredentialRow = typeof coachCredentials.$inferSelect;
type DocumentInfo = { contentType: (typeof credentialDocuments.$inferSelect)["contentType"]; sizeBytes: number; uploadedAt: Date };
export type CredentialWithDocument = CredentialRow & { document: DocumentInfo | null };

const documentColumns = {
  contentType: credentialDocuments.contentType,
  sizeBytes: credentialDocuments.sizeBytes,
  uploadedAt: credentialDocuments.uploadedAt,
};

export async function listCredentialsOfCoach(db: Queryable, coachId: number): Promise<CredentialWithDocument[]> {
  const rows = await db
    .select({ credential: coachCredentials, document: documentColumns })
    .from(coachCredentials)
    .leftJoin(credentialDocuments, eq(credentialDocuments.credentialId, coachCredentials.id))
    .where(eq(coachCredentials.coachId, coachId))
    .orderBy(desc(coachCredentials.id));
  return rows.map((r) => ({ ...r.credential, document: r.document }));
}

export async function findCredential(db: Queryable, id: number): Promise<CredentialWithDocument | undefined> {
  const [row] = await db
    .select({ credential: coachCredentials, document: documentColumns })
    .from(coachCredentials)
    .leftJoin(credentialDocuments, eq(credentialDocuments.credentialId, coachCredentials.id))
    .where(eq(coachCredentials.id, id))
    .limit(1);
  return row ? { ...row.credential, document: row.document } : undefined;
}

export async function lockCredential(db: Queryable, id: number): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(coachCredentials).where(eq(coachCredentials.id, id)).for("update").limit(1);
  return row;
}

export async function findCredentialByScreeningId(db: Queryable, screeningId: string): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(coachCredentials).where(eq(coachCredentials.screeningId, screeningId)).limit(1);
  return row;
}

/** A credential of this kind that is waiting (pending) for the coach: one at a time. */
export async function findPendingOfKind(db: Queryable, coachId: number, kind: CredentialRow["kind"]): Promise<CredentialRow | undefined> {
  const [row] = await db
    .select()
    .from(coachCredentials)
    .where(and(eq(coachCredentials.coachId, coachId), eq(coachCredentials.kind, kind), eq(coachCredentials.status, "pending")))
    .limit(1);
  return row;
}

export async function insertCredential(db: Queryable, values: typeof coachCredentials.$inferInsert): Promise<CredentialRow> {
  return returnedRow(await db.insert(coachCredentials).values(values).returning(), "the new credential");
}

export async function updateCredential(db: Queryable, id: number, values: Partial<typeof coachCredentials.$inferInsert>): Promise<void> {
  await db.update(coachCredentials).set(values).where(eq(coachCredentials.id, id));
}

export async function deleteCredential(db: Queryable, id: number): Promise<void> {
  await db.delete(coachCredentials).where(eq(coachCredentials.id, id));
}

export async function upsertDocument(db: Queryable, values: typeof credentialDocuments.$inferInsert): Promise<void> {
  await db
    .insert(credentialDocuments)
    .values(values)
    .onConflictDoUpdate({
      target: credentialDocuments.credentialId,
      set: { contentType: values.contentType, bytes: values.bytes, sizeBytes: values.sizeBytes, uploadedAt: values.uploadedAt },
    });
}

export async function readDocument(db: Queryable, credentialId: number): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: credentialDocuments.contentType, bytes: credentialDocuments.bytes })
    .from(credentialDocuments)
    .where(eq(credentialDocuments.credentialId, credentialId))
    .limit(1);
  return row;
}

/** GET /api/admin/credentials: by status, oldest first (the queue's order), paged by id. */
export async function listCredentialsByStatus(db: Queryable, status: CredentialStatus, afterId: number | null, limit: number) {
  const rows = await db
    .select({
      credential: coachCredentials,
      document: documentColumns,
      coachUserId: users.id,
      coachName: userNameSql(users),
      coachEmail: users.email,
    })
    .from(coachCredentials)
    .innerJoin(coaches, eq(coaches.id, coachCredentials.coachId))
    .innerJoin(users, eq(users.id, coaches.userId))
    .leftJoin(credentialDocuments, eq(credentialDocuments.credentialId, coachCredentials.id))
    .where(
      and(
        eq(coachCredentials.status, status),
        // A background check still with the provider is not the admins' to decide yet.
        status === "pending" ? or(ne(coachCredentials.kind, "background_check"), isNotNull(coachCredentials.screeningResult)) : undefined,
        afterId === null ? undefined : gt(coachCredentials.id, afterId),
      ),
    )
    .orderBy(asc(coachCredentials.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.credential,
    document: r.document,
    coachUserId: r.coachUserId,
    coachName: r.coachName,
    coachEmail: r.coachEmail,
  }));
}

/** The coach's user (name and address) behind a coach id. */
export async function findCoachUser(db: Queryable, coachId: number) {
  const [row] = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(eq(coaches.id, coachId))
    .limit(1);
  return row;
}

/** Verified credentials whose expiry date has come (on or before `today`): the sweep marks them expired. */
export async function expireDueCredentials(db: Queryable, today: string, now: Date) {
  return db
    .update(coachCredentials)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(coachCredentials.status, "verified"), isNotNull(coachCredentials.expiresOn), lte(coachCredentials.expiresOn, today)))
    .returning({
      id: coachCredentials.id,
      coachId: coachCredentials.coachId,
      kind: coachCredentials.kind,
      expiresOn: coachCredentials.expiresOn,
    });
}

/**
 * Claims the expiry notice due for each verified credential expiring within `days` of today whose
 * last notice was for a later stage (or none): each stage (30, 7, 0 days) is mailed once.
 */
export async function claimExpiryNotices(db: Queryable, today: string, lastDay: string, limit: number) {
  const daysLeft = sql`(${coachCredentials.expiresOn} - ${today}::date)`;
  const stageOf = sql<number>`(case when ${daysLeft} <= 0 then 0 when ${daysLeft} <= 7 then 7 else 30 end)`;
  const due = await db
    .select({ id: coachCredentials.id })
    .from(coachCredentials)
    .where(
      and(
        inArray(coachCredentials.status, ["verified", "expired"]),
        isNotNull(coachCredentials.expiresOn),
        lte(coachCredentials.expiresOn, lastDay),
        sql`${coachCredentials.expiresOn} >= ${today}::date`,
        or(sql`${coachCredentials.lastExpiryNoticeDays} is null`, sql`${coachCredentials.lastExpiryNoticeDays} > ${stageOf}`),
      ),
    )
    .orderBy(asc(coachCredentials.id))
    .limit(limit);
  if (due.length === 0) return [];
  return db
    .update(coachCredentials)
    .set({ lastExpiryNoticeDays: stageOf })
    .where(
      and(
        inArray(
          coachCredentials.id,
          due.map((d) => d.id),
        ),
        or(sql`${coachCredentials.lastExpiryNoticeDays} is null`, sql`${coachCredentials.lastExpiryNoticeDays} > ${stageOf}`),
      ),
    )
    .returning({
      id: coachCredentials.id,
      coachId: coachCredentials.coachId,
      kind: coachCredentials.kind,
      expiresOn: coachCredentials.expiresOn,
      stage: coachCredentials.lastExpiryNoticeDays,
    });
}

/** Whether the coach holds a verified SafeSport training and background check that still count on `today`. */
export async function hasCurrentScreening(db: Queryable, coachId: number, today: string): Promise<boolean> {
  const [row] = await db
    .select({ kinds: sql<number>`count(distinct ${coachCredentials.kind})::int` })
    .from(coachCredentials)
    .where(
      and(
        eq(coachCredentials.coachId, coachId),
        eq(coachCredentials.status, "verified"),
        inArray(coachCredentials.kind, [...SCREENING_KINDS]),
        or(sql`${coachCredentials.expiresOn} is null`, sql`${coachCredentials.expiresOn} > ${today}::date`),
      ),
    );
  return (row?.kinds ?? 0) === SCREENING_KINDS.length;
}

/** Whether the coach still holds a verified credential of this kind that counts on `today` (a renewal). */
export async function hasCurrentOfKind(db: Queryable, coachId: number, kind: CredentialRow["kind"], today: string): Promise<boolean> {
  const [row] = await db
    .select({ id: coachCredentials.id })
    .from(coachCredentials)
    .where(
      and(
        eq(coachCredentials.coachId, coachId),
        eq(coachCredentials.kind, kind),
        eq(coachCredentials.status, "verified"),
        or(sql`${coachCredentials.expiresOn} is null`, sql`${coachCredentials.expiresOn} > ${today}::date`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The coach's confirmed sessions still to come, with the family each is for (a lapse notice's audience). */
export async function listUpcomingSessionsOfCoach(db: Queryable, coachId: number, now: Date) {
  return db
    .select({
      bookingId: bookings.id,
      studentId: bookings.studentId,
      athleteId: bookings.athleteId,
      familyId: athletes.familyId,
      athleteFirstName: athletes.firstName,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      timeZone: coaches.timeZone,
    })
    .from(bookings)
    .innerJoin(coaches, eq(coaches.id, bookings.coachId))
    .leftJoin(athletes, eq(athletes.id, bookings.athleteId))
    .where(and(eq(bookings.coachId, coachId), eq(bookings.status, "confirmed"), gt(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}
