// The reads that show bookings: one booking with its slot, coach, student and athlete (what the API
// shape shows), and the lists of a family, an athlete and a coach, a page at a time.
import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BookingStudent } from "@contract/bookings";
import type { Db, Tx } from "../../db/client";
import { coachCardColumns, studentColumns } from "../../db/people";
import {
  athleteIdsOfUserFamily,
  athleteSummaryColumns,
  audienceMembersColumn,
  audienceOfMembers,
  guardianContactsOfAthleteFamily,
  type AudienceMembers,
  type FamilyAudience,
  type GuardianContact,
} from "../../db/families";
import { bookings, sessionFeedback, timeSlots } from "../../db/schema/index";
import { preparedPerDb, type Queryable } from "../../db/sql";
import { bookingCoachUsers, bookingStudentUsers, joinBookingPeople } from "../../db/booking-joins";
import { present } from "../../present";
import type { BookingRow, NewBookingRow, SlotRow } from "./bookings.repository";
import { refusingDuplicateBooking } from "./seat-holds.repository";

const studentUsers = bookingStudentUsers;
const coachUsers = bookingCoachUsers;

const detailColumns = {
  booking: bookings,
  slot: timeSlots,
  coach: coachCardColumns,
  coachUser: {
    firstName: coachUsers.firstName,
    lastName: coachUsers.lastName,
    email: coachUsers.email,
    profileImageUrl: coachUsers.profileImageUrl,
  },
  student: studentColumns(studentUsers),
  /** The account holder's birthday: a minor's contact is their guardian's (DESIGN.md 12). */
  studentBirthday: studentUsers.birthday,
  athlete: athleteSummaryColumns,
  /** Every guardian of the athlete's family (contact for the coach once paid). */
  guardians: guardianContactsOfAthleteFamily,
  /** Paid in one checkout with other bookings (one payment intent for several, DESIGN.md 11). */
  sharedCheckout: sql<boolean>`(${bookings.paymentIntentId} is not null and exists (select 1 from bookings shared_checkout where shared_checkout.payment_intent_id = ${bookings.paymentIntentId} and shared_checkout.id <> ${bookings.id}))`,
};

/** A booking with what its API shape shows: slot, coach (and their user), student. */
export type BookingDetails = {
  booking: BookingRow;
  slot: SlotRow;
  coach: { id: number; userId: number; title: string; profileImageUrl: string | null; timeZone: string };
  coachUser: { firstName: string | null; lastName: string | null; email: string; profileImageUrl: string | null };
  /** The student as their coach sees them (the same fields the API shows). */
  student: Omit<BookingStudent, "email"> & { email: string };
  studentBirthday: string | null;
  /** The athlete the seat is for (DESIGN.md 11). */
  athlete: BookingAthleteColumns | null;
  guardians: GuardianContact[] | null;
  /** Absent where a booking's details were read without it (then: not a shared checkout). */
  sharedCheckout?: boolean;
};

export type BookingAthleteColumns = {
  id: number;
  familyId: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  position: string | null;
};

function selectDetails(db: Queryable, where: SQL | undefined, columns: typeof detailColumns = detailColumns) {
  return joinBookingPeople(db.select(columns).from(bookings).$dynamic()).where(where);
}

/**
 * The family's own view of its bookings (its list and an athlete's page: toApiBooking without the
 * student) shows no guardians, so these reads leave them out (read once per row, they were 48 of
 * the 206 buffers a family of six bookings' list read on the national seed; that list was the
 * Saturday mix's slowest statement).
 */
const familyViewColumns = { ...detailColumns, guardians: sql<GuardianContact[] | null>`null` };

export async function findBookingDetails(db: Queryable, bookingId: number): Promise<BookingDetails | undefined> {
  const rows = await selectDetails(db, eq(bookings.id, bookingId)).limit(1);
  return rows[0];
}

const bookingDetailsQuery = preparedPerDb((db) =>
  selectDetails(db, eq(bookings.id, sql.placeholder("bookingId")))
    .limit(1)
    .prepare("booking_details"),
);

/**
 * findBookingDetails outside a transaction, built once and prepared on each connection: every
 * booking made answers with it (drizzle's building of this select of five tables' columns cost more
 * CPU than PostgreSQL's answering of it).
 */
export async function findBookingDetailsOutsideTransaction(db: Db, bookingId: number): Promise<BookingDetails | undefined> {
  const rows = await bookingDetailsQuery(db).execute({ bookingId });
  return rows[0];
}

/** A booking's details with who hears about it (familyAudience's answer, read in the same statement). */
export type BookingDetailsWithAudience = { details: BookingDetails; audience: FamilyAudience };

const audienceColumn = { audience: audienceMembersColumn(bookings.athleteId, bookings.studentId) };

/**
 * Inside the caller's transaction, after its slot's lock (the lock order of settlePaidBooking): the
 * booking's row locked, with its details and audience read in the same statement (issue 46; the
 * joined rows are not locked, as they were not).
 */
export async function lockBookingWithDetails(tx: Tx, bookingId: number, now: Date): Promise<BookingDetailsWithAudience | undefined> {
  const rows = await joinBookingPeople(
    tx
      .select({ ...detailColumns, ...audienceColumn })
      .from(bookings)
      .$dynamic(),
  )
    .where(eq(bookings.id, bookingId))
    .for("update", { of: bookings });
  return withAudience(rows[0], now);
}

/**
 * A new booking's row written, and its details and audience read, in one statement (issue 46): the
 * insert is a WITH named `bookings`, which the details' select (the same as every booking's) reads
 * in place of the table, since the new row is not yet visible in the table to the statement that
 * writes it. Not a shared checkout (`sharedCheckout` left out). Refused like insertBooking.
 */
export async function insertBookingWithDetails(tx: Tx, values: NewBookingRow, now: Date): Promise<BookingDetailsWithAudience> {
  const inserted = tx.$with("bookings", { id: bookings.id }).as(tx.insert(bookings).values(values).returning().getSQL());
  const { sharedCheckout: _notShared, ...columns } = detailColumns;
  const rows = await refusingDuplicateBooking(() =>
    joinBookingPeople(
      tx
        .with(inserted)
        .select({ ...columns, ...audienceColumn })
        .from(bookings)
        .$dynamic(),
    ),
  );
  return present(withAudience(rows[0], now), "the booking just written");
}

function withAudience<R extends BookingDetails & { audience: AudienceMembers }>(
  row: R | undefined,
  now: Date,
): BookingDetailsWithAudience | undefined {
  if (!row) return undefined;
  const { audience, ...details } = row;
  return { details, audience: audienceOfMembers(audience, now) };
}

export async function findBookingsDetails(db: Queryable, bookingIds: number[]): Promise<BookingDetails[]> {
  if (bookingIds.length === 0) return [];
  return selectDetails(db, inArray(bookings.id, bookingIds)).orderBy(bookings.id);
}

/**
 * Lists leave out holds that expired unpaid: they never became a session and would only clutter
 * My Bookings (they stay readable by id).
 */
const notAnExpiredHold = sql`not (${bookings.status} = 'cancelled' and ${bookings.cancelCode} = 'hold_expired' and ${bookings.paymentStatus} not in ('completed', 'refund_pending', 'refunded'))`;

/**
 * The bookings of every athlete of the user's family (DESIGN.md 11: both guardians see them), most
 * recently made first: the success page shows the first booking of this list.
 */
export async function listStudentBookings(db: Db, userId: number, page: ListPage): Promise<BookingDetails[]> {
  if (page.afterId === undefined) return studentBookingsQuery(db).execute({ userId, limit: page.limit });
  const after = sql`(${bookings.createdAt}, ${bookings.id}) < (select cursor_row.created_at, cursor_row.id from bookings cursor_row where cursor_row.id = ${page.afterId})`;
  return studentBookings(db, userId, after).limit(page.limit);
}

const studentBookings = (db: Db, userId: number | Placeholder, after?: SQL) =>
  selectDetails(
    db,
    and(sql`${bookings.athleteId} in ${athleteIdsOfUserFamily(userId)}`, notAnExpiredHold, after),
    familyViewColumns,
  ).orderBy(desc(bookings.createdAt), desc(bookings.id));

/**
 * The first page of a family's bookings and of a coach's, built once and prepared on each
 * connection: PostgreSQL took 1-4 ms to plan each of these seven-table reads, more than it took to
 * answer one (docs/performance-log.md, 30 November 2026, morning). Later pages are rare and planned
 * each time.
 */
const studentBookingsQuery = preparedPerDb((db) =>
  studentBookings(db, sql.placeholder("userId")).limit(sql.placeholder("limit")).prepare("student_bookings"),
);

/** A page of a list: `limit` rows after the row `afterId` (the previous page's last, decision 012), or from the first. */
export type ListPage = { afterId?: number; limit: number };

/** Whether the booking is of the user's family (a cursor of the family's list must be one of its bookings). */
export async function isBookingOfUserFamily(db: Queryable, bookingId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), sql`${bookings.athleteId} in ${athleteIdsOfUserFamily(userId)}`))
    .limit(1);
  return rows.length > 0;
}

/** Whether the booking is the coach's (a cursor of the coach's list must be one of its bookings). */
export async function isBookingOfCoach(db: Queryable, bookingId: number, coachId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.coachId, coachId)))
    .limit(1);
  return rows.length > 0;
}

/** The bookings of one athlete (their own page). */
export async function listAthleteBookings(db: Db, athleteId: number): Promise<BookingDetails[]> {
  return selectDetails(db, and(eq(bookings.athleteId, athleteId), notAnExpiredHold), familyViewColumns).orderBy(
    desc(bookings.startsAt),
    desc(bookings.id),
  );
}

/** The coach's feedback on these bookings (the athlete's page shows it to the family). */
export async function listFeedbackOf(db: Queryable, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: sessionFeedback.bookingId,
      feedback: sessionFeedback.feedback,
      rating: sessionFeedback.rating,
      createdAt: sessionFeedback.createdAt,
    })
    .from(sessionFeedback)
    .where(inArray(sessionFeedback.bookingId, bookingIds));
}

/** The coach's bookings, latest session first, one page. */
export async function listCoachBookings(db: Db, coachId: number, page: ListPage): Promise<BookingDetails[]> {
  if (page.afterId === undefined) return coachBookingsQuery(db).execute({ coachId, limit: page.limit });
  const after = sql`(${bookings.startsAt}, ${bookings.id}) < (select cursor_row.starts_at, cursor_row.id from bookings cursor_row where cursor_row.id = ${page.afterId})`;
  return coachBookings(db, coachId, after).limit(page.limit);
}

const coachBookings = (db: Db, coachId: number | Placeholder, after?: SQL) =>
  selectDetails(db, and(eq(bookings.coachId, coachId), notAnExpiredHold, after)).orderBy(desc(bookings.startsAt), desc(bookings.id));

const coachBookingsQuery = preparedPerDb((db) =>
  coachBookings(db, sql.placeholder("coachId")).limit(sql.placeholder("limit")).prepare("coach_bookings"),
);
