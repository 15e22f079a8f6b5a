import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { Queryable } from "../../db/sql";
import { bookingCoachUsers, bookingStudentUsers, joinBookingPeople } from "../../db/booking-joins";
import { contactColumns, type Contact } from "../../db/people";
import { claimNotices, noticeNotSent } from "../../db/notices";
import { athleteIdsOfUserFamily } from "../../db/families";
import { athletes, bookings, coaches, timeSlots } from "../../db/schema/index";

const studentUsers = bookingStudentUsers;
const coachUsers = bookingCoachUsers;

const sessionColumns = {
  bookingId: bookings.id,
  status: bookings.status,
  confirmedAt: bookings.confirmedAt,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  sessionType: bookings.sessionType,
  durationMinutes: bookings.durationMinutes,
  timeSlotId: bookings.timeSlotId,
  coachId: bookings.coachId,
  timeZone: coaches.timeZone,
  locationName: timeSlots.locationName,
  locationAddress: timeSlots.locationAddress,
  locationNotes: timeSlots.locationNotes,
  student: contactColumns(studentUsers),
  coachUser: contactColumns(coachUsers),
  athlete: {
    id: athletes.id,
    firstName: athletes.firstName,
    lastName: athletes.lastName,
    birthday: athletes.birthday,
    position: athletes.position,
  },
};

/** A booked session with what calendars, reminders and their messages show. */
export type SessionRow = {
  bookingId: number;
  status: "pending" | "confirmed" | "completed" | "cancelled" | "no_show";
  confirmedAt: Date | null;
  startsAt: Date;
  endsAt: Date;
  sessionType: "individual" | "group";
  durationMinutes: number;
  timeSlotId: number;
  coachId: number;
  timeZone: string;
  locationName: string | null;
  locationAddress: string | null;
  locationNotes: string | null;
  student: Contact;
  coachUser: Contact;
  /** The athlete the seat is for (DESIGN.md 11): what the coach's calendar and reminders name. */
  athlete: { id: number; firstName: string; lastName: string; birthday: string | null; position: string | null } | null;
};

function selectSessions(db: Queryable, where: SQL | undefined) {
  return joinBookingPeople(db.select(sessionColumns).from(bookings).$dynamic())
    .where(where)
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

/** Booked (or once-booked, then cancelled) sessions: what a calendar shows. Unpaid holds never reach a calendar. */
const wasBooked = or(
  inArray(bookings.status, ["confirmed", "completed", "no_show"]),
  and(eq(bookings.status, "cancelled"), isNotNull(bookings.confirmedAt)),
);

export async function findSession(db: Queryable, bookingId: number): Promise<SessionRow | undefined> {
  return (await selectSessions(db, eq(bookings.id, bookingId)).limit(1))[0];
}

/**
 * Every booked session of the user from `since` on (the feed): as coach, or as a guardian of the
 * athlete's family (DESIGN.md 11: every guardian sees the family's sessions, as on My Bookings).
 */
export async function listSessionsOfUser(db: Queryable, userId: number, since: Date): Promise<SessionRow[]> {
  return selectSessions(
    db,
    and(
      wasBooked,
      gt(bookings.endsAt, since),
      or(eq(coaches.userId, userId), sql`${bookings.athleteId} in ${athleteIdsOfUserFamily(userId)}`),
    ),
  ).limit(2000);
}

/**
 * Claims the reminders due now: confirmed sessions starting within `windowMs` that were booked
 * before the window opened (a session booked the day before needs no "tomorrow" reminder).
 * The insert of each notice key is the claim: a key another process inserted first is skipped,
 * so every reminder is sent by exactly one process.
 */
export async function claimDueReminders(tx: Tx, now: Date, windowMs: number, limit: number): Promise<SessionRow[]> {
  const until = new Date(now.getTime() + windowMs);
  const due = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, until),
        lte(bookings.confirmedAt, sql`${bookings.startsAt} - make_interval(secs => ${windowMs / 1000})`),
        noticeNotSent("student_reminder", bookings.id),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
  if (due.length === 0) return [];
  const claimed = await claimNotices(
    tx,
    "student_reminder",
    due.map((d) => d.id),
    now,
  );
  return claimed.length === 0 ? [] : selectSessions(tx, inArray(bookings.id, claimed));
}

/** Claims the coach's reminder of each of these slots; answers the slots this call claimed. */
export async function claimCoachReminders(tx: Tx, slotIds: number[], now: Date): Promise<Set<number>> {
  return new Set(await claimNotices(tx, "coach_reminder", slotIds, now));
}

/** Confirmed bookings of a slot (the coach's reminder lists every student). */
export async function listConfirmedInSlot(db: Queryable, slotId: number): Promise<SessionRow[]> {
  return selectSessions(db, and(eq(bookings.timeSlotId, slotId), eq(bookings.status, "confirmed")));
}
