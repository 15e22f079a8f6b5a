// The rules a seat is checked against: the slot, its rate and start (planBooking), the holds a player
// and an address may have, the row of a seat held for a card payment, and the steps a booking takes
// in order, whichever way it is paid: checkBeforeLocking, seatAthlete, then in the booking's
// transaction lockSeat, the caller's own row, publishSeat (book-slot.service.ts createPendingBooking,
// book-with-credit.service.ts bookWithCredit).
import { BOOKING_HOLD_MINUTES, type ParsedBookingRequest } from "@contract/bookings";
import { BookingMessages, noRatesMessage } from "@contract/booking-basics";
import { coachEarningsCents, platformFeeCents, totalCents } from "@contract/money";
import { ATHLETE_NOT_FOUND_MESSAGE } from "@contract/fields";
import { TIME_STEP_MINUTES } from "@contract/time";
import type { SQL } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { calendarEvents } from "../../realtime/events";
import type { Db, Tx } from "../../db/client";
import type { StatementAnswer } from "../../realtime/event-bus";
import { ErrorCode } from "@contract/error-basics";
import { LimitMessages, MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS, MAX_HELD_BOOKINGS_PER_PLAYER } from "@contract/limits";
import { AppError, badRequest, forbidden, notFound, refused } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { instantToLocal, localToInstant } from "../slots/slot-time";
import { chooseAthlete } from "../families/families.service";
import { requireScreeningForMinors } from "../credentials/screening-rule.service";
import * as repo from "./bookings.repository";
import * as holdsRepo from "./seat-holds.repository";

const MINUTE_MS = 60_000;

export type BookingPlan = { rate: repo.RateRow; startsAt: Date; endsAt: Date };

/** The booking rules of player-side 5, checked against the database's slot and rates. */
export function planBooking(
  slot: repo.SlotRow,
  timeZone: string,
  coachRates: repo.RateRow[],
  input: ParsedBookingRequest,
  now: Date,
): BookingPlan {
  // A session the coach cancelled is closed for good, whatever its seats say; one made for a request is that student's only.
  if (slot.cancelledAt || slot.requestOnly) throw refused(ErrorCode.SLOT_CLOSED, BookingMessages.SLOT_UNAVAILABLE);
  const kind = slot.isGroup ? "group" : "individual";
  const ratesOfKind = coachRates.filter((r) => r.sessionType === kind);
  const rate = coachRates.find((r) => r.id === input.rateId);
  if (ratesOfKind.length === 0) throw badRequest(noRatesMessage(slot.isGroup), "rateId");
  if (!rate) throw badRequest(BookingMessages.RATE_NOT_FOUND, "rateId");
  if (rate.sessionType !== kind) {
    throw badRequest(slot.isGroup ? BookingMessages.RATE_WRONG_KIND_GROUP : BookingMessages.RATE_WRONG_KIND_INDIVIDUAL, "rateId");
  }
  if (input.sessionType !== rate.sessionType) throw badRequest(BookingMessages.SESSION_TYPE_MISMATCH, "sessionType");
  if (input.duration !== rate.durationMinutes) throw badRequest(BookingMessages.DURATION_MISMATCH, "duration");

  let startsAt = slot.startsAt;
  if (input.preferredStartTime !== undefined) {
    const slotDate = instantToLocal(slot.startsAt, timeZone).date;
    const chosen = localToInstant(slotDate, input.preferredStartTime, timeZone);
    if (!chosen) throw badRequest(BookingMessages.START_INVALID, "preferredStartTime");
    startsAt = chosen;
  }
  const offsetMinutes = (startsAt.getTime() - slot.startsAt.getTime()) / MINUTE_MS;
  const endsAt = new Date(startsAt.getTime() + rate.durationMinutes * MINUTE_MS);
  if (offsetMinutes < 0 || endsAt > slot.endsAt) throw badRequest(BookingMessages.START_OUTSIDE_SLOT, "preferredStartTime");
  if (offsetMinutes % TIME_STEP_MINUTES !== 0) throw badRequest(BookingMessages.START_OFF_STEP, "preferredStartTime");
  if (startsAt <= now) throw badRequest(BookingMessages.SLOT_IN_PAST, "timeSlotId");
  return { rate, startsAt, endsAt };
}

/** Who a booking row is for and which seat of the slot, at the planned rate and times: the same however it is paid. */
export function seatOfPlan(values: { slot: repo.SlotRow; plan: BookingPlan; studentId: number; athleteId: number; notes: string | null }) {
  const { slot, plan } = values;
  return {
    studentId: values.studentId,
    athleteId: values.athleteId,
    coachId: slot.coachId,
    timeSlotId: slot.id,
    rateId: plan.rate.id,
    sessionType: plan.rate.sessionType,
    durationMinutes: plan.rate.durationMinutes,
    notes: values.notes,
    startsAt: plan.startsAt,
    endsAt: plan.endsAt,
  };
}

/** The row of a seat held for a card payment: the rate, the 15% fee on top, no tip yet, and the 15-minute hold (DESIGN.md 4). */
export function cardHold(values: {
  slot: repo.SlotRow;
  plan: BookingPlan;
  studentId: number;
  athleteId: number;
  notes: string | null;
  clientAddress: string;
  now: Date;
}) {
  const { plan, now } = values;
  return {
    ...seatOfPlan(values),
    rateCents: plan.rate.rateCents,
    platformFeeCents: platformFeeCents(plan.rate.rateCents),
    tipCents: 0,
    totalCents: totalCents(plan.rate.rateCents, 0),
    coachEarningsCents: coachEarningsCents(plan.rate.rateCents, 0),
    status: "pending" as const,
    paymentStatus: "unpaid" as const,
    holdExpiresAt: new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE_MS),
    clientAddress: values.clientAddress,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The pre-read of the booking's athlete (checkBeforeLocking's first statement), already read at
 * `now` in the session's statement (book-slot.service.ts bookingSessionStatement): of the family's
 * first athlete, or of `named` when the booking names its athlete. `pre` is undefined when the slot
 * does not exist.
 */
export type FirstAthletePreRead = { pre: holdsRepo.BookingPreRead | undefined; now: Date; named?: number };

/** The pre-read of the family's first athlete: the one the session's statement read, else read now. */
async function preReadOfFirstAthlete(db: Db, user: UserRow, input: ParsedBookingRequest, now: Date, read: FirstAthletePreRead | undefined) {
  return read && read.named === undefined ? read.pre : holdsRepo.findBookingPreReadOfFirstAthlete(db, input.timeSlotId, user.id, now);
}

/**
 * The pre-read of the athlete the booking names, when the session's statement read it for a slot
 * that exists: the athlete is then the caller's family's (else 404, as chooseAthlete answers), and
 * the pre-read carries what the seat needs of it. Undefined otherwise: the slow way tells apart a
 * missing slot and another family's athlete, in chooseAthlete's order.
 */
function namedAthletePreRead(input: ParsedBookingRequest, read: FirstAthletePreRead | undefined) {
  if (input.athleteId == null || read?.named !== input.athleteId || !read.pre) return undefined;
  const { pre } = read;
  if (pre.athleteId === null || !pre.athlete) throw notFound(ATHLETE_NOT_FOUND_MESSAGE);
  return { pre, athlete: pre.athlete };
}

/**
 * The read-only checks of a booking, before any lock, so that a bad request never waits for the
 * slot's: the caller may book, the athlete is of the caller's family (another family's answers
 * 404), the slot and rate rules hold, and a full slot is refused at once (when the last seats go,
 * many players ask together, and each would otherwise queue behind the others to hear the same).
 */
export async function checkBeforeLocking(deps: AppDeps, user: UserRow, input: ParsedBookingRequest, read?: FirstAthletePreRead) {
  if (input.studentId != null && input.studentId !== user.id) throw forbidden(BookingMessages.NOT_YOURSELF);
  const db = deps.database.db;
  const now = read?.now ?? deps.clock.now();
  // Most bookings name no athlete (the family's first) and, when the last seats go, most are refused
  // for a full slot: the first athlete is then chosen in the pre-read's own statement, and the
  // athlete's row is read only for a booking that goes on (or the refusals chooseAthlete tells apart).
  // A family of two names its athlete, checked in the session's statement too.
  const named = namedAthletePreRead(input, read);
  const firstAthletePre = input.athleteId == null ? await preReadOfFirstAthlete(db, user, input, now, read) : undefined;
  // A family of two or more names the athlete (DESIGN.md 12): chooseAthlete refuses it with a 400.
  const isOnlyAthlete = firstAthletePre?.athleteId != null && !firstAthletePre.hasSibling;
  const chosen = named ? named.athlete : isOnlyAthlete ? null : await chooseAthlete(deps, user, input.athleteId);
  const pre = named ? named.pre : chosen ? await holdsRepo.findBookingPreRead(db, input.timeSlotId, chosen.id, now) : firstAthletePre;
  if (!pre) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const { slot, timeZone, coachRates } = pre;
  planBooking(slot, timeZone, coachRates, input, now);
  if (pre.held >= slot.capacity && !pre.mine) throw refused(ErrorCode.SLOT_FULL, BookingMessages.SLOT_UNAVAILABLE);
  // The athlete when it was read for the pre-read or in it (the family's only one); else seatAthlete
  // reads it on the booking's connection.
  const athlete: holdsRepo.SeatAthlete | null = chosen ?? (isOnlyAthlete ? pre.athlete : null);
  return { now, chosen: athlete, slot, timeZone, coachRates };
}

/**
 * A few accounts must not be able to hold a coach's whole calendar unpaid, nor can throwaway
 * accounts from one address (DESIGN.md 10). Inside the booking's transaction, before any slot lock:
 * the advisory locks make parallel requests of one player (and of one address) count one after the other.
 */
export async function requireHoldAllowance(
  tx: Tx,
  hold: {
    studentId: number;
    coachId: number;
    clientAddress: string;
    now: Date;
    /** Seats the new checkout holds (siblings): 1 by default. */ seats?: number;
  },
) {
  await holdsRepo.lockHoldAllowance(tx, hold.studentId, hold.coachId, hold.clientAddress);
  const held = await holdsRepo.countHeldAllowance(tx, hold);
  if (held.ofStudent >= MAX_HELD_BOOKINGS_PER_PLAYER) throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_HOLDS);
  if (held.fromAddress + (hold.seats ?? 1) > MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_HOLDS_FROM_ADDRESS);
  }
}

/**
 * A series held by card is one hold toward both caps (requireHoldAllowance counts it so), and a
 * family may hold one unpaid series at a time, a client address one unpaid series of a coach
 * (DESIGN.md 12): 26 weeks held unpaid must not stack up.
 */
export async function requireSeriesAllowance(
  tx: Tx,
  hold: { studentId: number; familyId: number; coachId: number; clientAddress: string; now: Date },
) {
  await requireHoldAllowance(tx, hold);
  const unpaid = await holdsRepo.lockAndFindUnpaidSeries(tx, hold);
  if (unpaid.ofFamily) throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.UNPAID_SERIES_IN_FAMILY);
  if (unpaid.fromAddress) throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.UNPAID_SERIES_FROM_ADDRESS);
}

/** What checkBeforeLocking found: the read's instant, the athlete when already read, the slot, its zone and the coach's rates. */
export type CheckedBooking = Awaited<ReturnType<typeof checkBeforeLocking>>;

/**
 * The booking's athlete, on the booking's own connection (`on`, Database.withConnection): the one
 * checkBeforeLocking read, else read now, and the coach's screening when the athlete is a minor.
 */
export async function seatAthlete(
  on: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  checked: CheckedBooking,
): Promise<holdsRepo.SeatAthlete> {
  const athlete = checked.chosen ?? (await chooseAthlete(on, user, input.athleteId));
  await requireScreeningForMinors(on, checked.slot.coachId, [athlete]);
  return athlete;
}

/**
 * A seat found free under the slot's lock: what the booking's row needs (the locked slot, the plan
 * made on it, the athlete, the instant), and the run-out holds the count cancelled: the calendars
 * hear of them in publishSeat, and their intents are cancelled after the commit (cancelExpiredIntents).
 */
export type LockedSeat = {
  slot: repo.SlotRow;
  plan: BookingPlan;
  athlete: holdsRepo.SeatAthlete;
  now: Date;
  expired: holdsRepo.ExpiredHold[];
};

/**
 * Inside the booking's transaction, after any advisory lock (requireHoldAllowance's come before the
 * slot's): the slot's row lock, so no number of concurrent requests can take more seats than the
 * slot has; the slot planned again on the locked row (it may have changed since the checks); one
 * statement that cancels the run-out holds and counts the seats held and the athlete's own. An
 * athlete who holds the slot already and a full slot are refused. The caller then writes its row
 * (a card hold, a credit's booking) and ends with publishSeat.
 */
export async function lockSeat(
  tx: Tx,
  input: ParsedBookingRequest,
  checked: CheckedBooking,
  athlete: holdsRepo.SeatAthlete,
): Promise<LockedSeat> {
  const { slot, timeZone, coachRates, now } = checked;
  const locked = await holdsRepo.lockSlot(tx, slot.id);
  if (!locked) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const plan = planBooking(locked, timeZone, coachRates, input, now);
  const seats = await holdsRepo.expireAndCountSeats(tx, locked.id, athlete.id, now);
  if (seats.athleteBooked) throw refused(ErrorCode.ALREADY_BOOKED, BookingMessages.ALREADY_BOOKED);
  if (seats.held >= locked.capacity) throw refused(ErrorCode.SLOT_FULL, BookingMessages.SLOT_UNAVAILABLE);
  return { slot: locked, plan, athlete, now, expired: seats.expired };
}

/**
 * The booking transaction's last statement: the slot's availability refreshed, the caller's other
 * writes (`also.statements`, each on its own table) and the calendar's events (the booking, the
 * holds its count cancelled, the coach's times), whose NOTIFY goes out at the commit
 * (EventBus.publishWithStatements): the cancelled holds cost no statement of their own. `also.answer` reads back what the writes
 * returned in the same statement: `written[0]` names the availability's write (the slot's
 * `is_available`), then each of `also.statements` in order. Returns what tells this process's
 * listeners, to call once committed.
 */
export function publishSeat(
  deps: AppDeps,
  tx: Tx,
  seat: LockedSeat,
  booking: repo.BookingRow,
  also: { statements?: SQL[]; answer?: StatementAnswer } = {},
): Promise<() => void> {
  return deps.events.publishWithStatements(
    tx,
    [holdsRepo.slotAvailabilityStatement(tx, seat.slot.id, seat.now), ...(also.statements ?? [])],
    [
      calendarEvents.bookingUpdated(booking),
      // The holds of this slot the seat's count found run out (their coach's times are the booking's).
      ...seat.expired.map((hold) => calendarEvents.bookingUpdated({ ...hold, status: "cancelled" })),
      calendarEvents.availabilityUpdated(booking.coachId),
    ],
    also.answer,
  );
}

/**
 * A booking transaction's failure as the request answers it: the write of a second active booking
 * of the athlete in the slot (the database's unique index) is refused as the count under the lock
 * refuses it; anything else is thrown on.
 */
export function refuseDuplicateBooking(err: unknown): never {
  if (err instanceof holdsRepo.DuplicateActiveBookingError) throw refused(ErrorCode.ALREADY_BOOKED, BookingMessages.ALREADY_BOOKED);
  throw err;
}
