import { coachCardColumns, contactColumns, joinCoachUser, studentColumns, type Contact } from "../../db/people";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { BookingStudent } from "@contract/bookings";
import type { Db, Tx } from "../../db/client";
import { athleteIdsOfUserFamily, athleteSummaryColumns, guardianContactsOfAthleteFamily, type GuardianContact } from "../../db/families";
import { athletes, bookings, coaches, rates, sessionRequests, users } from "../../db/schema/index";
import { type Queryable, instant, rowsOf, returnedRow } from "../../db/sql";

export type RequestRow = typeof sessionRequests.$inferSelect;
export type NewRequestRow = typeof sessionRequests.$inferInsert;

export type RequestCoach = {
  id: number;
  userId: number;
  title: string;
  profileImageUrl: string | null;
  timeZone: string;
  allowSessionRequests: boolean;
};

/** A request with what its API shape and its notifications need. */
export type RequestDetails = {
  request: RequestRow;
  coach: RequestCoach;
  coachUser: Contact & { profileImageUrl: string | null };
  /** The student as their coach sees them, and whether they take text messages. */
  student: Omit<BookingStudent, "email"> & { email: string; smsOptIn: boolean };
  /** The account holder's birthday: a minor's contact is their guardian's (DESIGN.md 12). */
  studentBirthday: string | null;
  booking: {
    id: number;
    status: "pending" | "confirmed" | "completed" | "cancelled" | "no_show";
    paymentStatus: RequestBookingPaymentStatus;
  } | null;
  /** The athlete the session is for (DESIGN.md 11). */
  athlete: { id: number; familyId: number; firstName: string; lastName: string; birthday: string | null; position: string | null } | null;
  /** Every guardian of the athlete's family (the coach sees them once the seat is paid). */
  guardians: GuardianContact[] | null;
};

type RequestBookingPaymentStatus = (typeof bookings.$inferSelect)["paymentStatus"];

const studentUsers = alias(users, "request_student");
const coachUsers = alias(users, "request_coach_user");

const coachColumns = { ...coachCardColumns, allowSessionRequests: coaches.allowSessionRequests };

const detailColumns = {
  request: sessionRequests,
  coach: coachColumns,
  coachUser: { ...contactColumns(coachUsers), profileImageUrl: coachUsers.profileImageUrl },
  student: { ...studentColumns(studentUsers), smsOptIn: studentUsers.smsOptIn },
  studentBirthday: studentUsers.birthday,
  bookingId: bookings.id,
  bookingStatus: bookings.status,
  bookingPaymentStatus: bookings.paymentStatus,
  athlete: athleteSummaryColumns,
  guardians: guardianContactsOfAthleteFamily,
};

async function selectDetails(db: Queryable, where: SQL | undefined, limit?: number): Promise<RequestDetails[]> {
  const joined = db
    .select(detailColumns)
    .from(sessionRequests)
    .innerJoin(studentUsers, eq(studentUsers.id, sessionRequests.studentId))
    .leftJoin(bookings, eq(bookings.id, sessionRequests.bookingId))
    .leftJoin(athletes, eq(athletes.id, sessionRequests.athleteId))
    .$dynamic();
  const query = joinCoachUser(joined, sessionRequests.coachId, coachUsers)
    .where(where)
    .orderBy(desc(sessionRequests.createdAt), desc(sessionRequests.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(({ bookingId, bookingStatus, bookingPaymentStatus, student, ...rest }) => ({
    ...rest,
    student: { ...student, goals: student.goals ?? [], sessionPreferences: student.sessionPreferences ?? [] },
    booking:
      bookingId !== null && bookingStatus !== null && bookingPaymentStatus !== null
        ? { id: bookingId, status: bookingStatus, paymentStatus: bookingPaymentStatus }
        : null,
  }));
}

export async function findRequestDetails(db: Queryable, requestId: number): Promise<RequestDetails | undefined> {
  return (await selectDetails(db, eq(sessionRequests.id, requestId)))[0];
}

/** A page of a list: `limit` rows after the request `afterId` (the previous page's last, decision 012), or from the first. */
export type ListPage = { afterId?: number; limit: number };

/** Newest first, after the cursor's request. */
const afterCursor = (page: ListPage) =>
  page.afterId === undefined
    ? undefined
    : sql`(${sessionRequests.createdAt}, ${sessionRequests.id}) < (select cursor_row.created_at, cursor_row.id from session_requests cursor_row where cursor_row.id = ${page.afterId})`;

/** Newest first, one page. */
export async function listStudentRequests(db: Db, userId: number, page: ListPage): Promise<RequestDetails[]> {
  return selectDetails(db, and(sql`${sessionRequests.athleteId} in ${athleteIdsOfUserFamily(userId)}`, afterCursor(page)), page.limit);
}

/** Newest first, one page. */
export async function listCoachRequests(db: Db, coachId: number, page: ListPage): Promise<RequestDetails[]> {
  return selectDetails(db, and(eq(sessionRequests.coachId, coachId), afterCursor(page)), page.limit);
}

/** Whether the request is of the user's family (a cursor of the family's list must be one of its requests). */
export async function isRequestOfUserFamily(db: Queryable, requestId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: sessionRequests.id })
    .from(sessionRequests)
    .where(and(eq(sessionRequests.id, requestId), sql`${sessionRequests.athleteId} in ${athleteIdsOfUserFamily(userId)}`))
    .limit(1);
  return rows.length > 0;
}

/** Whether the request was made to this coach (a cursor of the coach's list must be one of its requests). */
export async function isRequestOfCoach(db: Queryable, requestId: number, coachId: number): Promise<boolean> {
  const rows = await db
    .select({ id: sessionRequests.id })
    .from(sessionRequests)
    .where(and(eq(sessionRequests.id, requestId), eq(sessionRequests.coachId, coachId)))
    .limit(1);
  return rows.length > 0;
}

export async function findCoach(db: Queryable, coachId: number): Promise<RequestCoach | undefined> {
  const rows = await db.select(coachColumns).from(coaches).where(eq(coaches.id, coachId)).limit(1);
  return rows[0];
}

export async function findRate(db: Queryable, coachId: number, sessionType: "individual" | "group", durationMinutes: number) {
  const rows = await db
    .select()
    .from(rates)
    .where(and(eq(rates.coachId, coachId), eq(rates.sessionType, sessionType), eq(rates.durationMinutes, durationMinutes)))
    .limit(1);
  return rows[0];
}

/** A pending request of the athlete for that coach and start (siblings may each ask for the same time). */
export async function hasPendingRequestAt(db: Queryable, athleteId: number, coachId: number, startsAt: Date): Promise<boolean> {
  const rows = await db
    .select({ id: sessionRequests.id })
    .from(sessionRequests)
    .where(
      and(
        eq(sessionRequests.athleteId, athleteId),
        eq(sessionRequests.coachId, coachId),
        eq(sessionRequests.status, "pending"),
        eq(sessionRequests.requestedStartsAt, startsAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertRequest(db: Queryable, values: NewRequestRow): Promise<RequestRow> {
  const rows = await db.insert(sessionRequests).values(values).returning();
  return returnedRow(rows, "the request");
}

/** Locks the request for the rest of the transaction: answering, cancelling and expiring wait for each other. */
export async function lockRequest(tx: Tx, requestId: number): Promise<RequestRow | undefined> {
  const rows = await tx.select().from(sessionRequests).where(eq(sessionRequests.id, requestId)).for("update");
  return rows[0];
}

export async function updateRequest(db: Queryable, requestId: number, values: Partial<NewRequestRow>): Promise<RequestRow> {
  const rows = await db.update(sessionRequests).set(values).where(eq(sessionRequests.id, requestId)).returning();
  return returnedRow(rows, "the request");
}

export type ExpiredRequest = { id: number; coachId: number; studentId: number };

/**
 * One pass of request expiry: pending requests whose start is `advanceMs` or less away become
 * expired. Rows another process holds are skipped, so many processes can sweep at once.
 */
export async function expireRequestsBatch(tx: Tx, now: Date, advanceMs: number, limit: number): Promise<ExpiredRequest[]> {
  const deadline = new Date(now.getTime() + advanceMs);
  const result = await tx.execute(sql`
    with due as (
      select r.id from session_requests r
      where r.status = 'pending' and r.requested_starts_at <= ${instant(deadline)}
      order by r.requested_starts_at
      limit ${limit}
      for update skip locked
    )
    update session_requests r
    set status = 'expired', updated_at = ${instant(now)}
    from due
    where r.id = due.id and r.status = 'pending'
    returning r.id, r.coach_id, r.student_id
  `);
  return rowsOf<{ id: number; coach_id: number; student_id: number }>(result).map((r) => ({
    id: Number(r.id),
    coachId: Number(r.coach_id),
    studentId: Number(r.student_id),
  }));
}

/** Serialises one student's new requests (transaction-scoped advisory lock) for the daily count. */
export async function lockStudentRequests(tx: Tx, studentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('session-requests'), ${studentId})`);
}

export async function countRequestsSince(tx: Tx, studentId: number, since: Date): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(sessionRequests)
    .where(and(eq(sessionRequests.studentId, studentId), sql`${sessionRequests.createdAt} > ${instant(since)}`));
  return rows[0]?.count ?? 0;
}
