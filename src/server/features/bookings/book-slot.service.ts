import { BookingRequestSchema, type Booking, type ParsedBookingRequest } from "@contract/bookings";
import { BookingMessages, DEFAULT_BOOKING_DURATION, MAX_BOOKING_NOTES_LENGTH, noRatesMessage } from "@contract/booking-basics";
import { coachEarningsCents, platformFeeCents, totalCents } from "@contract/money";
import { ErrorCode } from "@contract/error-basics";
import type { AppDeps } from "../../deps";
import { boundTo, type Db, type Tx } from "../../db/client";
import { badRequest, notFound, refused } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { readSession, sessionUserStatement, type SessionRead, type SessionStatement } from "../accounts/sessions.service";
import { bookingForItsBooker } from "./bookings.service";
import { chooseAthlete } from "../families/families.service";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import * as holdsRepo from "./seat-holds.repository";
import { present } from "../../present";
import {
  cardHold,
  checkBeforeLocking,
  lockSeat,
  publishSeat,
  refuseDuplicateBooking,
  requireHoldAllowance,
  seatAthlete,
  type FirstAthletePreRead,
} from "./booking-plan";
import { cancelExpiredIntents } from "./booking-sweeps.service";
import { bookWithCredit } from "./book-with-credit.service";

const MINUTE_MS = 60_000;
const REQUESTED_BOOKING_PAY_WITHIN_MS = 24 * 60 * MINUTE_MS;
const REQUESTED_BOOKING_PAY_BEFORE_START_MS = 2 * 60 * MINUTE_MS;

/**
 * POST /api/bookings: holds a seat for 15 minutes while the student pays (DESIGN.md 4), or with
 * `payWith: "credit"` confirms it at once with one of the family's package credits (DESIGN.md 11).
 */
export async function bookSlot(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  clientAddress: string,
  read?: FirstAthletePreRead,
): Promise<Booking> {
  if (input.payWith === "credit") return bookWithCredit(deps, user, input, read);
  // Read on the booking's own connection (createPendingBooking), right after its commit.
  const answer = async (on: AppDeps, row: repo.BookingRow) => present(await bookingForItsBooker(on, row.id), "the booking just made");
  return createPendingBooking(deps, user, input, clientAddress, answer, read);
}

/**
 * How POST /api/bookings reads its session (http/require-session.ts loadSessionWith). A valid
 * request for one athlete, the family's only one or the one it names (nearly every one, and every
 * refusal when the last seats go), reads its pre-read beside the session, so that a refusal costs
 * one round trip to the database, not two: `preRead` goes on to bookSlot. A request that names its
 * student or several athletes reads its session alone: its own checks come before the pre-read
 * (checkBeforeLocking), and the first athlete's pre-read may make the player's family, which a
 * request refused by those checks must not.
 */
export function bookingSessionStatement(
  input: ParsedBookingRequest | undefined,
): SessionStatement<SessionRead & { preRead?: FirstAthletePreRead }> {
  if (!input || input.studentId != null || input.athleteIds) return sessionUserStatement;
  const named = input.athleteId ?? undefined;
  return async (db, key) => {
    const found = await holdsRepo.findSessionWithBookingPreRead(db, key, input.timeSlotId, named);
    return found && { user: found.user, lastSeenAt: found.lastSeenAt, preRead: { pre: found.pre, now: key.now, named } };
  };
}

/** A session token of the right form whose hash no session has (tokens are 32 random bytes). */
const NO_SESSION_TOKEN = "0".repeat(43);

/**
 * POST /api/bookings's statements, run at start on every database connection before the server
 * listens (boot.ts, Database.openConnections): the session's (with and without the pre-read) for a
 * token that names no session, the pre-reads for a slot that does not exist and the answer's read
 * for a booking that does not exist, so nothing is found, made or written. Each connection then
 * has them parsed and planned, and its backend the tables' catalog loaded, before the first booking.
 */
export async function prepareBookingStatements(db: Db, now: Date): Promise<void> {
  const input = BookingRequestSchema.parse({ timeSlotId: 1, rateId: 1, sessionType: "individual", duration: DEFAULT_BOOKING_DURATION });
  await readSession(db, NO_SESSION_TOKEN, now, sessionUserStatement);
  await readSession(db, NO_SESSION_TOKEN, now, bookingSessionStatement(input));
  await readSession(db, NO_SESSION_TOKEN, now, bookingSessionStatement({ ...input, athleteId: 1 }));
  await holdsRepo.findBookingPreRead(db, 0, 0, now);
  await holdsRepo.findBookingPreReadOfFirstAthlete(db, 0, 0, now);
  await detailsRepo.findBookingDetailsOutsideTransaction(db, 0);
}

/**
 * A seat held for a card payment. `clientAddress` is the requester's (the socket's, or the one
 * TRUST_PROXY allows): unpaid holds are limited per coach and address across accounts.
 * `answer` makes the request's answer from the new row once committed, on the booking's connection.
 * `read`: the pre-read, when the session's statement read it (bookingSessionStatement).
 *
 * A booking that goes on past the checks runs on one connection from the athlete's read to the
 * answer's (Database.withConnection): it waited for a pooled connection four times, each time
 * behind every refused request's query when the last seats went (docs/performance-log.md,
 * 27 November 2026, afternoon). The intents of the holds it found run out are cancelled after, on the pool.
 */
export async function createPendingBooking<T>(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  clientAddress: string,
  answer: (on: AppDeps, row: repo.BookingRow) => Promise<T>,
  read?: FirstAthletePreRead,
): Promise<T> {
  const checked = await checkBeforeLocking(deps, user, input, read);
  const { slot, now } = checked;
  const held = await deps.database.withConnection(async (db) => {
    const on: AppDeps = { ...deps, database: boundTo(deps.database, db) };
    const athlete = await seatAthlete(on, user, input, checked);
    const { booking, expired, announce } = await db
      .transaction(async (tx) => {
        // The hold caps' advisory locks come before the slot's.
        await requireHoldAllowance(tx, { studentId: user.id, coachId: slot.coachId, clientAddress, now });
        const seat = await lockSeat(tx, input, checked, athlete);
        const row = cardHold({ ...seat, studentId: user.id, athleteId: athlete.id, notes: input.notes, clientAddress });
        const inserted = await holdsRepo.insertBooking(tx, row);
        return { booking: inserted, expired: seat.expired, announce: await publishSeat(deps, tx, seat, inserted) };
      })
      .catch(refuseDuplicateBooking);
    announce();
    return { answer: await answer(on, booking), expired };
  });
  await cancelExpiredIntents(deps, held.expired);
  return held.answer;
}

/**
 * The checkout page's variant (timeSlotId + duration + sessionType, player-side 2): the slot's kind
 * decides the rate, since the page's sessionType is only a default. Calling it twice for the same
 * slot (a reloaded checkout) gives back the student's booking that is still waiting for payment.
 */
export async function bookSlotForCheckout(
  deps: AppDeps,
  user: UserRow,
  input: { timeSlotId: number; duration?: number; preferredStartTime?: string; notes?: string; athleteId?: number | null },
  clientAddress: string,
): Promise<repo.BookingRow> {
  const db = deps.database.db;
  const slot = await holdsRepo.findSlot(db, input.timeSlotId);
  if (!slot) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  // A session the coach cancelled is closed for good, whatever its seats say; one made for a request is that student's only.
  if (slot.cancelledAt || slot.requestOnly) throw refused(ErrorCode.SLOT_CLOSED, BookingMessages.SLOT_UNAVAILABLE);
  const kind = slot.isGroup ? "group" : "individual";
  const ratesOfKind = (await holdsRepo.listCoachRates(db, slot.coachId)).filter((r) => r.sessionType === kind);
  if (ratesOfKind.length === 0) throw badRequest(noRatesMessage(slot.isGroup), "timeSlotId");
  const duration = input.duration ?? DEFAULT_BOOKING_DURATION;
  const rate = ratesOfKind.find((r) => r.durationMinutes === duration);
  if (!rate) throw badRequest(BookingMessages.SELECT_DURATION, "duration");
  const athlete = await chooseAthlete(deps, user, input.athleteId);
  const existing = await holdsRepo.findPendingBookingOfAthlete(db, slot.id, athlete.id, deps.clock.now());
  if (existing) return existing;
  return createPendingBooking(
    deps,
    user,
    {
      timeSlotId: slot.id,
      rateId: rate.id,
      sessionType: kind,
      duration,
      notes: input.notes?.trim() ? input.notes.trim().slice(0, MAX_BOOKING_NOTES_LENGTH) : null,
      preferredStartTime: input.preferredStartTime || undefined,
      rate: undefined,
      studentId: undefined,
      coachId: undefined,
      athleteId: athlete.id,
    },
    clientAddress,
    async (_on, row) => row,
  );
}

/**
 * The booking of an accepted session request, inside the caller's transaction (the slot was just
 * made for it): pending, holding its seat until DESIGN.md 10's deadline (24 h after acceptance or
 * 2 h before the start, whichever is first), then it expires like any hold and can no longer be
 * paid. Money comes from the rate the request was priced with.
 */
export async function createRequestedBookingInTransaction(
  tx: Tx,
  values: {
    studentId: number;
    athleteId: number | null;
    coachId: number;
    timeSlotId: number;
    rateId: number | null;
    sessionType: "individual" | "group";
    durationMinutes: number;
    rateCents: number;
    notes: string | null;
    startsAt: Date;
    endsAt: Date;
    sessionRequestId: number;
  },
  now: Date,
): Promise<repo.BookingRow> {
  const booking = await holdsRepo.insertBooking(tx, {
    ...values,
    platformFeeCents: platformFeeCents(values.rateCents),
    tipCents: 0,
    totalCents: totalCents(values.rateCents, 0),
    coachEarningsCents: coachEarningsCents(values.rateCents, 0),
    status: "pending",
    paymentStatus: "unpaid",
    holdExpiresAt: requestedBookingDeadline(now, values.startsAt),
    createdAt: now,
    updatedAt: now,
  });
  await holdsRepo.refreshSlotAvailability(tx, values.timeSlotId, now);
  return booking;
}

/** DESIGN.md 10: until 24 h after acceptance or 2 h before the start, whichever is first. */
export function requestedBookingDeadline(acceptedAt: Date, startsAt: Date): Date {
  return new Date(
    Math.min(acceptedAt.getTime() + REQUESTED_BOOKING_PAY_WITHIN_MS, startsAt.getTime() - REQUESTED_BOOKING_PAY_BEFORE_START_MS),
  );
}
