// Taking a seat (DESIGN.md 4): the slot and what a booking is checked against, the slot's lock, the
// seats held, the per-player and per-address hold counts and their advisory locks, the new hold.
import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { firstAthleteIdOfUserSql } from "../../db/families";
import { aliasHoldExpired, aliasHoldsSeat, holdsSeat, seatsHeld } from "../../db/seat-rule";
import { isLiveSession, liveSessionParams, sessionUserJoin, touchedSession, type SessionKey } from "../../db/live-session";
import { bookings, coaches, rates, sessions, timeSlots, users } from "../../db/schema/index";
import { type Queryable, isUniqueViolation, preparedPerDb, rowsOf, returnedRow } from "../../db/sql";
import type { UserRow } from "../accounts/sessions.repository";
import type { BookingRow, NewBookingRow, RateRow, SlotRow } from "./bookings.repository";

export async function findSlot(db: Queryable, slotId: number): Promise<SlotRow | undefined> {
  const rows = await db.select().from(timeSlots).where(eq(timeSlots.id, slotId)).limit(1);
  return rows[0];
}

/**
 * The pre-read's columns for an athlete given by `athlete` (SQL: a placeholder, or how to choose
 * one), of the slot joined as `time_slots` with its coach.
 */
function preReadColumns(athlete: SQL) {
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  return {
    slot: timeSlots,
    timeZone: coaches.timeZone,
    held: seatsHeld(sql`${timeSlots.id}`, now),
    athleteId: sql<number | null>`${athlete}`,
    mine: sql<boolean>`exists (select 1 from bookings seat where seat.time_slot_id = ${timeSlots.id} and seat.athlete_id = ${athlete} and ${aliasHoldsSeat("seat", now)})`,
    // DESIGN.md 12: a booking naming no athlete is the family's only athlete's; with a sibling it must name one.
    hasSibling: sql<boolean>`exists (select 1 from athletes sib where sib.family_id = (select a.family_id from athletes a where a.id = ${athlete})
        and sib.id <> ${athlete} and sib.removed_at is null)`,
    coachRates: sql<RateRow[] | string>`(select coalesce(json_agg(json_build_object('id', r.id, 'coachId', r.coach_id,
        'sessionType', r.session_type, 'durationMinutes', r.duration_minutes, 'rateCents', r.rate_cents) order by r.id), '[]'::json)
        from rates r where r.coach_id = ${timeSlots.coachId})`,
    athlete: sql<SeatAthlete | string | null>`(select json_build_object('id', a.id, 'familyId', a.family_id, 'birthday', a.birthday::text)
        from athletes a where a.id = ${athlete} and a.removed_at is null)`,
  };
}

/** The pre-read's statement for an athlete given by `athlete`. */
function preReadOf(db: Db, athlete: SQL, name: string) {
  return db
    .select(preReadColumns(athlete))
    .from(timeSlots)
    .innerJoin(coaches, eq(coaches.id, timeSlots.coachId))
    .where(eq(timeSlots.id, sql.placeholder("slotId")))
    .prepare(name);
}

const bookingPreReadQuery = preparedPerDb((db) => preReadOf(db, sql`${sql.placeholder("athleteId")}::int`, "booking_pre_read"));
/** As above for the first athlete of the user's family (what a booking that names none is for), chosen in the same statement. */
const bookingPreReadOfFirstAthleteQuery = preparedPerDb((db) =>
  preReadOf(db, firstAthleteIdOfUserSql(sql`${sql.placeholder("userId")}::int`), "booking_pre_read_first_athlete"),
);

/**
 * The live session and its user (db/live-session.ts, the rule of the session's own statement) and
 * the pre-read of the booking's athlete, in one statement: the slot is joined to the session's
 * row, so a slot that does not exist leaves the session's row with the pre-read's columns empty.
 * `athlete` chooses it from the session's user (`users.id`): the family's first, or the one named.
 */
function sessionWithPreReadOf(db: Db, athlete: SQL, name: string) {
  return db
    .with(touchedSession(db))
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, ...preReadColumns(athlete) })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .leftJoin(timeSlots, eq(timeSlots.id, sql.placeholder("slotId")))
    .leftJoin(coaches, eq(coaches.id, timeSlots.coachId))
    .where(isLiveSession())
    .limit(1)
    .prepare(name);
}

const sessionWithBookingPreReadQuery = preparedPerDb((db) =>
  sessionWithPreReadOf(db, firstAthleteIdOfUserSql(sql`${users.id}`), "session_with_booking_pre_read"),
);
/**
 * As above for the athlete a family of two names (DESIGN.md 12): its id only when it is an athlete
 * (not removed) of a family the session's user is a guardian of, else null (another family's
 * athlete reads as none, and the booking answers 404). It makes no family.
 */
const sessionWithNamedAthletePreReadQuery = preparedPerDb((db) =>
  sessionWithPreReadOf(
    db,
    sql`(select a.id from athletes a join family_guardians g on g.family_id = a.family_id
          where a.id = ${sql.placeholder("athleteId")}::int and g.user_id = ${users.id} and a.removed_at is null)`,
    "session_with_named_athlete_pre_read",
  ),
);

export type BookingPreRead = {
  slot: SlotRow;
  timeZone: string;
  held: number;
  athleteId: number | null;
  mine: boolean;
  /** The athlete's family has another athlete (not removed). */
  hasSibling: boolean;
  coachRates: RateRow[];
  /**
   * What the seat's transaction needs of the athlete, when the statement could read it (not for
   * an athlete the statement itself made: a new player's first booking reads it again).
   */
  athlete: SeatAthlete | null;
};

/** What taking a seat needs of its athlete: who, which family, and the birthday (the minors rule). */
export type SeatAthlete = { id: number; familyId: number; birthday: string | null };

/**
 * What a booking is checked against before the slot's lock (every POST /api/bookings, most of them
 * refused when the last seats go): the slot, its coach's zone and rates, the seats held at `now` and
 * whether the student holds one. One prepared statement: one round trip on one connection.
 */
export async function findBookingPreRead(db: Db, slotId: number, athleteId: number, now: Date): Promise<BookingPreRead | undefined> {
  const [row] = await bookingPreReadQuery(db).execute({ slotId, athleteId, now: now.toISOString() });
  return row && preReadOfRow(row);
}

/**
 * The pre-read for the first athlete of the user's family, chosen in the same statement (its
 * `athleteId`, null when the user has no family or the family no athlete): a booking refused for
 * a full slot then costs the session and this one statement.
 */
export async function findBookingPreReadOfFirstAthlete(
  db: Db,
  slotId: number,
  userId: number,
  now: Date,
): Promise<BookingPreRead | undefined> {
  const [row] = await bookingPreReadOfFirstAthleteQuery(db).execute({ slotId, userId, now: now.toISOString() });
  return row && preReadOfRow(row);
}

/**
 * The live session of `key`, its user and last use, with the pre-read at `key.now` (`pre`,
 * undefined when the slot does not exist) of the user's first athlete, or of `athleteId` when the
 * booking names one (its `athleteId` null when it is not of the user's family): a booking refused
 * for a full slot then costs this one statement. Undefined when the session is not alive.
 */
export async function findSessionWithBookingPreRead(
  db: Db,
  key: SessionKey,
  slotId: number,
  athleteId?: number,
): Promise<{ user: UserRow; lastSeenAt: Date; pre: BookingPreRead | undefined } | undefined> {
  const [row] =
    athleteId === undefined
      ? await sessionWithBookingPreReadQuery(db).execute({ ...liveSessionParams(key), slotId })
      : await sessionWithNamedAthletePreReadQuery(db).execute({ ...liveSessionParams(key), slotId, athleteId });
  if (!row) return undefined;
  const { user, lastSeenAt, slot, timeZone, ...rest } = row;
  return { user, lastSeenAt, pre: slot && timeZone !== null ? preReadOfRow({ ...rest, slot, timeZone }) : undefined };
}

function preReadOfRow(
  row: Omit<BookingPreRead, "athleteId" | "coachRates" | "athlete"> & {
    athleteId: unknown;
    coachRates: RateRow[] | string;
    athlete: SeatAthlete | string | null;
  },
): BookingPreRead {
  const coachRates = typeof row.coachRates === "string" ? (JSON.parse(row.coachRates) as RateRow[]) : row.coachRates;
  const athlete = typeof row.athlete === "string" ? (JSON.parse(row.athlete) as SeatAthlete) : row.athlete;
  return { ...row, athleteId: row.athleteId === null ? null : Number(row.athleteId), coachRates, athlete };
}

/** Locks the slot row: every seat change of this slot waits for the transaction (DESIGN.md 4). */
export async function lockSlot(tx: Tx, slotId: number): Promise<SlotRow | undefined> {
  const rows = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId)).for("update");
  return rows[0];
}

export async function listCoachRates(db: Queryable, coachId: number): Promise<RateRow[]> {
  return db.select().from(rates).where(eq(rates.coachId, coachId));
}

export type ExpiredHold = { id: number; coachId: number; studentId: number; timeSlotId: number; paymentIntentId: string | null };

export async function countHeldSeats(tx: Tx, slotId: number, now: Date, exceptBookingId?: number): Promise<number> {
  const except = exceptBookingId === undefined ? sql`true` : sql`${bookings.id} <> ${exceptBookingId}`;
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), except, holdsSeat(now)));
  return rows[0]?.count ?? 0;
}

/** True when the athlete already has a pending or confirmed booking of the slot (other than `exceptBookingId`): a seat is per athlete. */
export async function hasActiveBooking(tx: Tx, slotId: number, athleteId: number | null, exceptBookingId?: number): Promise<boolean> {
  if (athleteId === null) return false;
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), eq(bookings.athleteId, athleteId), sql`${bookings.status} in ('pending', 'confirmed')`))
    .limit(2);
  return rows.some((r) => r.id !== exceptBookingId);
}

/** The athlete's booking of the slot that still holds its seat, unpaid. */
export async function findPendingBookingOfAthlete(
  db: Queryable,
  slotId: number,
  athleteId: number,
  now: Date,
): Promise<BookingRow | undefined> {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.timeSlotId, slotId), eq(bookings.athleteId, athleteId), eq(bookings.status, "pending"), holdsSeat(now)))
    .limit(1);
  return rows[0];
}

export class DuplicateActiveBookingError extends Error {}

export async function insertBooking(tx: Tx, values: NewBookingRow): Promise<BookingRow> {
  return refusingDuplicateBooking(async () => returnedRow(await tx.insert(bookings).values(values).returning(), "the booking"));
}

/** A write of a booking row whose athlete already holds the slot ends in DuplicateActiveBookingError. */
export async function refusingDuplicateBooking<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, "bookings_one_active_per_athlete_slot")) throw new DuplicateActiveBookingError();
    throw err;
  }
}

/** Open for booking while a seat is free (the flag search and the calendar read). */
export async function refreshSlotAvailability(tx: Tx, slotId: number, now: Date): Promise<void> {
  await slotAvailabilityUpdate(tx, slotId, now);
}

/**
 * refreshSlotAvailability's statement, to run in another's (EventBus.publishWithStatements); it
 * answers the slot's `is_available`. `confirming`: a booking of the slot that the same statement
 * confirms (its snapshot still shows the booking as it was), counted as holding a seat.
 */
export function slotAvailabilityStatement(tx: Tx, slotId: number, now: Date, confirming?: number): SQL {
  return slotAvailabilityUpdate(tx, slotId, now, confirming).returning({ isAvailable: timeSlots.isAvailable }).getSQL();
}

function slotAvailabilityUpdate(tx: Tx, slotId: number, now: Date, confirming?: number) {
  const isLive = confirming === undefined ? sql`b.status <> 'cancelled'` : sql`(b.status <> 'cancelled' or b.id = ${confirming})`;
  // A slot made for a session request is never open to others, and goes once its booking is cancelled or expired.
  const requestSlotGone = sql`${timeSlots.requestOnly} and not exists (select 1 from ${bookings} b where b.time_slot_id = ${timeSlots.id} and ${isLive})`;
  return tx
    .update(timeSlots)
    .set({
      isAvailable: sql`not ${timeSlots.requestOnly} and ${timeSlots.cancelledAt} is null and ${seatsHeld(sql`${timeSlots.id}`, now, confirming)} < ${timeSlots.capacity}`,
      cancelledAt: sql`case when ${requestSlotGone} then coalesce(${timeSlots.cancelledAt}, ${now.toISOString()}::timestamptz) else ${timeSlots.cancelledAt} end`,
      removedAt: sql`case when ${requestSlotGone} then coalesce(${timeSlots.removedAt}, ${now.toISOString()}::timestamptz) else ${timeSlots.removedAt} end`,
      updatedAt: now,
    })
    .where(eq(timeSlots.id, slotId));
}

/**
 * What one hold toward the per-player cap is (DESIGN.md 11, 12): a series' holds are one, as are the
 * holds of one checkout (sharing a payment intent) and the siblings held in one slot by one request.
 */
function playerHoldUnit(alias: string): SQL<string> {
  const a = sql.raw(alias);
  return sql<string>`coalesce('series:' || ${a}.series_hold_id, 'intent:' || ${a}.payment_intent_id, 'slot:' || ${a}.time_slot_id)`;
}

/** What one hold toward the per-coach-and-address cap is (DESIGN.md 10, 12): a series' holds are one. */
function addressHoldUnit(alias: string): SQL<string> {
  const a = sql.raw(alias);
  return sql<string>`coalesce('series:' || ${a}.series_hold_id, ${a}.id::text)`;
}

/** Unpaid bookings of the student that still hold a seat (the one seat rule, limited to pending ones). */
export async function countHeldBookingsOfStudent(tx: Tx, studentId: number, now: Date): Promise<number> {
  // The holds of one series, of one checkout (bookings sharing a payment intent) and of siblings in one slot count as one (DESIGN.md 11, 12).
  const rows = await tx
    .select({ count: sql<number>`count(distinct ${playerHoldUnit("bookings")})::int` })
    .from(bookings)
    .where(and(eq(bookings.studentId, studentId), eq(bookings.status, "pending"), holdsSeat(now)));
  return rows[0]?.count ?? 0;
}

/**
 * Serialises one student's new holds, then new holds of one coach's seats from one client address
 * (transaction-scoped advisory locks, taken before any slot lock), so parallel requests cannot all
 * pass the per-player and per-address hold counts at once. One statement: PostgreSQL evaluates a
 * select list left to right, so the student's lock is always taken first.
 */
export async function lockHoldAllowance(tx: Tx, studentId: number, coachId: number, clientAddress: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('booking-holds'), ${studentId}),
      pg_advisory_xact_lock(hashtext('booking-holds-address'), hashtext(${`${coachId}|${clientAddress}`}))`,
  );
}

/** countHeldBookingsOfStudent and countHeldBookingsFromAddress in one statement (after lockHoldAllowance). */
export async function countHeldAllowance(
  tx: Tx,
  hold: { studentId: number; coachId: number; clientAddress: string; now: Date },
): Promise<{ ofStudent: number; fromAddress: number }> {
  const { studentId, coachId, clientAddress, now } = hold;
  const pending = sql`b.status = 'pending' and ${aliasHoldsSeat("b", now)}`;
  const result = await tx.execute(sql`select
    (select count(distinct ${playerHoldUnit("b")})::int from bookings b
      where b.student_id = ${studentId} and ${pending}) as "ofStudent",
    (select count(distinct ${addressHoldUnit("b")})::int from bookings b
      where b.coach_id = ${coachId} and b.client_address = ${clientAddress} and ${pending}) as "fromAddress"`);
  const row = rowsOf<{ ofStudent: number; fromAddress: number }>(result)[0];
  return { ofStudent: Number(row?.ofStudent ?? 0), fromAddress: Number(row?.fromAddress ?? 0) };
}

/**
 * Under the slot's lock (every way to take a seat calls it), in one statement: cancels the slot's
 * holds that have run out, and tells whether the athlete (none: false) already has a live booking
 * of the slot and how many seats are held. The statement's reads do not see its own update, so
 * both leave out the holds it expires by rule.
 */
export async function expireAndCountSeats(
  tx: Tx,
  slotId: number,
  athleteId: number | null,
  now: Date,
): Promise<{ expired: ExpiredHold[]; athleteBooked: boolean; held: number }> {
  const result = await tx.execute(sql`
    with expired as (
      update bookings set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz, cancel_code = 'hold_expired',
        hold_expires_at = null, updated_at = ${now.toISOString()}::timestamptz
      where time_slot_id = ${slotId} and ${aliasHoldExpired("bookings", now)}
      returning id, coach_id, student_id, time_slot_id, payment_intent_id
    )
    select
      coalesce((select json_agg(json_build_object('id', e.id, 'coachId', e.coach_id, 'studentId', e.student_id,
        'timeSlotId', e.time_slot_id, 'paymentIntentId', e.payment_intent_id)) from expired e), '[]'::json) as expired,
      exists (select 1 from bookings b where b.time_slot_id = ${slotId} and b.athlete_id = ${athleteId}
        and b.status in ('pending', 'confirmed') and not coalesce(${aliasHoldExpired("b", now)}, false)) as "athleteBooked",
      (select count(*)::int from bookings b where b.time_slot_id = ${slotId} and ${aliasHoldsSeat("b", now)}) as held`);
  const row = rowsOf<{ expired: ExpiredHold[] | string; athleteBooked: boolean; held: number }>(result)[0];
  const expired = typeof row?.expired === "string" ? (JSON.parse(row.expired) as ExpiredHold[]) : (row?.expired ?? []);
  return { expired, athleteBooked: row?.athleteBooked === true, held: Number(row?.held ?? 0) };
}

/**
 * After lockHoldAllowance, for a series held by card: serialises the family's series (another
 * guardian may book at the same time), then tells whether the family, and the client address for
 * this coach, already hold an unpaid series (DESIGN.md 12). One statement, the lock first.
 */
export async function lockAndFindUnpaidSeries(
  tx: Tx,
  hold: { familyId: number; coachId: number; clientAddress: string; now: Date },
): Promise<{ ofFamily: boolean; fromAddress: boolean }> {
  const { familyId, coachId, clientAddress, now } = hold;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('booking-series-family'), ${familyId})`);
  const unpaidSeries = sql`b.status = 'pending' and b.series_hold_id is not null and ${aliasHoldsSeat("b", now)}`;
  const result = await tx.execute(sql`select
    exists (select 1 from bookings b join athletes a on a.id = b.athlete_id
      where a.family_id = ${familyId} and ${unpaidSeries}) as "ofFamily",
    exists (select 1 from bookings b
      where b.coach_id = ${coachId} and b.client_address = ${clientAddress} and ${unpaidSeries}) as "fromAddress"`);
  const row = rowsOf<{ ofFamily: boolean; fromAddress: boolean }>(result)[0];
  return { ofFamily: row?.ofFamily === true, fromAddress: row?.fromAddress === true };
}

/** The student's lock of lockHoldAllowance alone, without waiting: false when another transaction holds the student's lock now. */
export async function tryLockStudentHolds(tx: Tx, studentId: number): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('booking-holds'), ${studentId}) as "locked"`);
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

/** A weekly series' slots from `from` on (DESIGN.md 11), soonest first, at most `limit`. */
export async function listSeriesSlotsFrom(db: Queryable, seriesId: string, from: Date, limit: number): Promise<SlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.seriesId, seriesId), gte(timeSlots.startsAt, from)))
    .orderBy(asc(timeSlots.startsAt))
    .limit(limit);
}
