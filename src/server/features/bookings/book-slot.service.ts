import {
  BOOKING_HOLD_MINUTES,
  BookingMessages,
  DEFAULT_BOOKING_DURATION,
  MAX_BOOKING_NOTES_LENGTH,
  noRatesMessage,
  SeriesBookingMessages,
  type Booking,
  type ParsedBookingRequest,
  type ParsedSeriesBookingRequest,
} from "@contract/bookings";
import { centsToDecimal, coachEarningsCents, platformFeeCents, totalCents } from "@contract/money";
import { TIME_STEP_MINUTES } from "@contract/time";
import { calendarEvents, publishEvents } from "../../realtime/events";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import { ErrorCode } from "@contract/errors";
import { LimitMessages, MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS, MAX_HELD_BOOKINGS_PER_PLAYER } from "@contract/limits";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { instantToLocal, localToInstant } from "../slots/slot-time";
import { releaseExpiredHolds } from "./booking-sweeps.service";
import { audienceOfBooking, getBookingFor, toApiBooking } from "./bookings.service";
import { sendBookingConfirmedEmails } from "./booking-emails";
import { chooseAthlete } from "../families/families.service";
import { chooseCredit, spendCredit } from "../packages/credits.service";
import * as repo from "./bookings.repository";
import { present } from "../../present";

const MINUTE_MS = 60_000;
const REQUESTED_BOOKING_PAY_WITHIN_MS = 24 * 60 * MINUTE_MS;
const REQUESTED_BOOKING_PAY_BEFORE_START_MS = 2 * 60 * MINUTE_MS;

/**
 * POST /api/bookings: holds a seat for 15 minutes while the student pays (DESIGN.md 4), or with
 * `payWith: "credit"` confirms it at once with one of the family's package credits (DESIGN.md 11).
 */
export async function bookSlot(deps: AppDeps, user: UserRow, input: ParsedBookingRequest, clientAddress: string): Promise<Booking> {
  const row =
    input.payWith === "credit" ? await bookWithCredit(deps, user, input) : await createPendingBooking(deps, user, input, clientAddress);
  return present(await getBookingFor(deps, user, row.id), "the booking just made");
}

/**
 * The read-only checks of a booking, before any lock, so that a bad request never waits for the
 * slot's: the caller may book, the athlete is of the caller's family (another family's answers
 * 404), the slot and rate rules hold, and a full slot is refused at once (when the last seats go,
 * many players ask together, and each would otherwise queue behind the others to hear the same).
 */
async function checkBeforeLocking(deps: AppDeps, user: UserRow, input: ParsedBookingRequest) {
  if (input.studentId != null && input.studentId !== user.id) throw forbidden(BookingMessages.NOT_YOURSELF);
  const db = deps.database.db;
  const now = deps.clock.now();
  const athlete = await chooseAthlete(deps, user, input.athleteId);
  const pre = await repo.findBookingPreRead(db, input.timeSlotId, athlete.id, now);
  if (!pre) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const { slot, timeZone, coachRates } = pre;
  planBooking(slot, timeZone, coachRates, input, now);
  if (pre.held >= slot.capacity && !pre.mine) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
  return { db, now, athlete, slot, timeZone, coachRates };
}

/**
 * A seat paid with a credit: the seat check, the credit's choice, the confirmed booking and the
 * ledger's redeem row are one transaction under the slot's lock, then the purchase's (so never a
 * seat without a credit, never a credit spent twice). The booking carries the credit's share of the
 * package's price and fee as its money; the coach earns the price share after feedback.
 */
async function bookWithCredit(deps: AppDeps, user: UserRow, input: ParsedBookingRequest): Promise<repo.BookingRow> {
  const { db, now, athlete, slot, timeZone, coachRates } = await checkBeforeLocking(deps, user, input);

  let expired: repo.ExpiredHold[] = [];
  let booking: repo.BookingRow;
  try {
    booking = await db.transaction(async (tx) => {
      const locked = await repo.lockSlot(tx, slot.id);
      if (!locked) throw notFound(BookingMessages.SLOT_NOT_FOUND);
      const plan = planBooking(locked, timeZone, coachRates, input, now);
      expired = await repo.expireSlotHolds(tx, locked.id, now);
      return insertCreditBooking(tx, {
        slot: locked,
        plan,
        studentId: user.id,
        familyId: athlete.familyId,
        athleteId: athlete.id,
        notes: input.notes,
        now,
      });
    });
  } catch (err) {
    if (err instanceof repo.DuplicateActiveBookingError) throw conflict(BookingMessages.ALREADY_BOOKED);
    throw err;
  }
  await releaseExpiredHolds(deps, expired);
  await publishEvents(deps, [calendarEvents.bookingUpdated(booking), calendarEvents.availabilityUpdated(booking.coachId)]);
  await notifyCreditBooked(deps, booking.id);
  return booking;
}

/** Inside the caller's transaction, holding the slot's lock: the seat check, the credit, the booking and its redeem row. */
async function insertCreditBooking(
  tx: Tx,
  values: {
    slot: repo.SlotRow;
    plan: BookingPlan;
    studentId: number;
    familyId: number;
    athleteId: number;
    notes: string | null;
    now: Date;
  },
): Promise<repo.BookingRow> {
  const { slot, plan, now } = values;
  if (await repo.hasActiveBooking(tx, slot.id, values.athleteId)) throw conflict(BookingMessages.ALREADY_BOOKED);
  if ((await repo.countHeldSeats(tx, slot.id, now)) >= slot.capacity) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
  const spend = await chooseCredit(tx, {
    familyId: values.familyId,
    coachId: slot.coachId,
    sessionType: plan.rate.sessionType,
    durationMinutes: plan.rate.durationMinutes,
    now,
  });
  const inserted = await repo.insertBooking(tx, {
    studentId: values.studentId,
    athleteId: values.athleteId,
    coachId: slot.coachId,
    timeSlotId: slot.id,
    rateId: plan.rate.id,
    sessionType: plan.rate.sessionType,
    durationMinutes: plan.rate.durationMinutes,
    rateCents: spend.valueCents,
    platformFeeCents: spend.feeCents,
    tipCents: 0,
    totalCents: spend.valueCents + spend.feeCents,
    coachEarningsCents: spend.valueCents,
    notes: values.notes,
    startsAt: plan.startsAt,
    endsAt: plan.endsAt,
    status: "confirmed",
    paymentStatus: "completed",
    packagePurchaseId: spend.purchaseId,
    confirmedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await spendCredit(tx, spend, inserted.id, now);
  await repo.refreshSlotAvailability(tx, slot.id, now);
  return inserted;
}

export type SeriesBooking = {
  bookings: Booking[];
  /** The weeks (the coach's local dates) that were full, cancelled or already booked. */
  skipped: string[];
  /** By card: the holds to pay in one checkout, and their total. */
  bookingIds?: number[];
  totalAmount?: string;
};

/**
 * POST /api/bookings/series (DESIGN.md 11): this slot and the series' next weeks (up to `weeks`
 * weekly slots from this one), in one transaction that locks each week's slot in date order. A week
 * that is full, cancelled, started or already booked is skipped and named before anything is paid.
 * With credits, each week is confirmed with its own credit (all or none: without enough credits
 * nothing is booked); by card, each week is held like a single booking and the holds are paid
 * together (they count as one checkout toward the hold cap). Each week is then an ordinary booking.
 */
export async function bookSeries(
  deps: AppDeps,
  user: UserRow,
  input: ParsedSeriesBookingRequest,
  clientAddress: string,
): Promise<SeriesBooking> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const athlete = await chooseAthlete(deps, user, input.athleteId);
  const pre = await repo.findBookingPreRead(db, input.timeSlotId, athlete.id, now);
  if (!pre) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const { slot: first, timeZone, coachRates } = pre;
  const kind = first.isGroup ? "group" : "individual";
  const ratesOfKind = coachRates.filter((r) => r.sessionType === kind);
  if (ratesOfKind.length === 0) throw badRequest(noRatesMessage(first.isGroup), "timeSlotId");
  const duration = input.duration ?? DEFAULT_BOOKING_DURATION;
  const rate = ratesOfKind.find((r) => r.durationMinutes === duration);
  if (!rate) throw badRequest(BookingMessages.SELECT_DURATION, "duration");
  const weeks = first.seriesId ? await repo.listSeriesSlotsFrom(db, first.seriesId, first.startsAt, input.weeks) : [first];
  const request: ParsedBookingRequest = {
    timeSlotId: first.id,
    rateId: rate.id,
    sessionType: kind,
    duration,
    rate: undefined,
    notes: input.notes,
    preferredStartTime: undefined,
    studentId: undefined,
    coachId: undefined,
    payWith: input.payWith,
  };

  const skipped: string[] = [];
  let expired: repo.ExpiredHold[] = [];
  const rows = await db.transaction(async (tx) => {
    if (input.payWith === "card") {
      await repo.lockStudentHolds(tx, user.id);
      if ((await repo.countHeldBookingsOfStudent(tx, user.id, now)) >= MAX_HELD_BOOKINGS_PER_PLAYER) {
        throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_HOLDS);
      }
      await repo.lockAddressHolds(tx, first.coachId, clientAddress);
      if ((await repo.countHeldBookingsFromAddress(tx, first.coachId, clientAddress, now)) >= MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS) {
        throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_HOLDS_FROM_ADDRESS);
      }
    }
    const booked: repo.BookingRow[] = [];
    for (const week of weeks) {
      const locked = await repo.lockSlot(tx, week.id);
      if (!locked) continue;
      const date = instantToLocal(locked.startsAt, timeZone).date;
      let plan: BookingPlan;
      try {
        plan = planBooking(locked, timeZone, coachRates, { ...request, timeSlotId: locked.id }, now);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        skipped.push(date);
        continue;
      }
      expired = [...expired, ...(await repo.expireSlotHolds(tx, locked.id, now))];
      const full = (await repo.countHeldSeats(tx, locked.id, now)) >= locked.capacity;
      if (full || (await repo.hasActiveBooking(tx, locked.id, athlete.id))) {
        skipped.push(date);
        continue;
      }
      if (input.payWith === "credit") {
        booked.push(
          await insertCreditBooking(tx, {
            slot: locked,
            plan,
            studentId: user.id,
            familyId: athlete.familyId,
            athleteId: athlete.id,
            notes: input.notes,
            now,
          }),
        );
        continue;
      }
      booked.push(
        await repo.insertBooking(
          tx,
          cardHold({ slot: locked, plan, studentId: user.id, athleteId: athlete.id, notes: input.notes, clientAddress, now }),
        ),
      );
      await repo.refreshSlotAvailability(tx, locked.id, now);
    }
    if (booked.length === 0) throw conflict(SeriesBookingMessages.NONE_OPEN);
    return booked;
  });

  await releaseExpiredHolds(deps, expired);
  await publishEvents(deps, [...rows.map((row) => calendarEvents.bookingUpdated(row)), calendarEvents.availabilityUpdated(first.coachId)]);
  if (input.payWith === "credit") for (const row of rows) await notifyCreditBooked(deps, row.id);
  const bookings = [];
  for (const row of rows) bookings.push(present(await getBookingFor(deps, user, row.id), "a booking just made"));
  if (input.payWith === "credit") return { bookings, skipped };
  return {
    bookings,
    skipped,
    bookingIds: rows.map((r) => r.id),
    totalAmount: centsToDecimal(rows.reduce((sum, r) => sum + r.totalCents, 0)),
  };
}

async function notifyCreditBooked(deps: AppDeps, bookingId: number): Promise<void> {
  const details = await repo.findBookingDetails(deps.database.db, bookingId);
  if (!details) return;
  try {
    await sendBookingConfirmedEmails(
      deps,
      toApiBooking(details, true),
      { family: (await audienceOfBooking(deps, details)).emails, coach: details.coachUser.email },
      details.coach.timeZone,
    );
  } catch (err) {
    deps.logger.error({ err, bookingId }, "could not send a booking e-mail");
  }
}

/**
 * The seat check and the insert run in one transaction that holds the slot's row lock, so no
 * number of concurrent requests can take more seats than the slot has. `clientAddress` is the
 * requester's (the socket's, or the one TRUST_PROXY allows): unpaid holds are limited per coach
 * and address across accounts.
 */
export async function createPendingBooking(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  clientAddress: string,
): Promise<repo.BookingRow> {
  const { db, now, athlete, slot, timeZone, coachRates } = await checkBeforeLocking(deps, user, input);

  let expired: repo.ExpiredHold[] = [];
  let booking: repo.BookingRow;
  try {
    booking = await db.transaction(async (tx) => {
      // A few accounts must not be able to hold a coach's whole calendar unpaid (taken before the
      // slot lock, so parallel requests of one player are counted one after the other).
      await repo.lockStudentHolds(tx, user.id);
      if ((await repo.countHeldBookingsOfStudent(tx, user.id, now)) >= MAX_HELD_BOOKINGS_PER_PLAYER) {
        throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_HOLDS);
      }
      // Nor can throwaway accounts from one address (DESIGN.md 10).
      await repo.lockAddressHolds(tx, slot.coachId, clientAddress);
      if ((await repo.countHeldBookingsFromAddress(tx, slot.coachId, clientAddress, now)) >= MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS) {
        throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_HOLDS_FROM_ADDRESS);
      }
      const locked = await repo.lockSlot(tx, slot.id);
      if (!locked) throw notFound(BookingMessages.SLOT_NOT_FOUND);
      // The slot may have changed between the read and the lock: plan again on the locked row.
      const plan = planBooking(locked, timeZone, coachRates, input, now);
      expired = await repo.expireSlotHolds(tx, locked.id, now);
      if (await repo.hasActiveBooking(tx, locked.id, athlete.id)) throw conflict(BookingMessages.ALREADY_BOOKED);
      const held = await repo.countHeldSeats(tx, locked.id, now);
      if (held >= locked.capacity) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
      const inserted = await repo.insertBooking(
        tx,
        cardHold({ slot: locked, plan, studentId: user.id, athleteId: athlete.id, notes: input.notes, clientAddress, now }),
      );
      await repo.refreshSlotAvailability(tx, locked.id, now);
      return inserted;
    });
  } catch (err) {
    if (err instanceof repo.DuplicateActiveBookingError) throw conflict(BookingMessages.ALREADY_BOOKED);
    throw err;
  }

  await releaseExpiredHolds(deps, expired);
  await publishEvents(deps, [calendarEvents.bookingUpdated(booking), calendarEvents.availabilityUpdated(booking.coachId)]);
  return booking;
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
  const slot = await repo.findSlot(db, input.timeSlotId);
  if (!slot) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  // A session the coach cancelled is closed for good, whatever its seats say; one made for a request is that student's only.
  if (slot.cancelledAt || slot.requestOnly) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
  const kind = slot.isGroup ? "group" : "individual";
  const ratesOfKind = (await repo.listCoachRates(db, slot.coachId)).filter((r) => r.sessionType === kind);
  if (ratesOfKind.length === 0) throw badRequest(noRatesMessage(slot.isGroup), "timeSlotId");
  const duration = input.duration ?? DEFAULT_BOOKING_DURATION;
  const rate = ratesOfKind.find((r) => r.durationMinutes === duration);
  if (!rate) throw badRequest(BookingMessages.SELECT_DURATION, "duration");
  const athlete = await chooseAthlete(deps, user, input.athleteId);
  const existing = await repo.findPendingBookingOfAthlete(db, slot.id, athlete.id, deps.clock.now());
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
  const booking = await repo.insertBooking(tx, {
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
  await repo.refreshSlotAvailability(tx, values.timeSlotId, now);
  return booking;
}

/** DESIGN.md 10: until 24 h after acceptance or 2 h before the start, whichever is first. */
export function requestedBookingDeadline(acceptedAt: Date, startsAt: Date): Date {
  return new Date(
    Math.min(acceptedAt.getTime() + REQUESTED_BOOKING_PAY_WITHIN_MS, startsAt.getTime() - REQUESTED_BOOKING_PAY_BEFORE_START_MS),
  );
}

export type BookingPlan = { rate: repo.RateRow; startsAt: Date; endsAt: Date };

/** The row of a seat held for a card payment: the rate, the 15% fee on top, no tip yet, and the 15-minute hold (DESIGN.md 4). */
function cardHold(values: {
  slot: repo.SlotRow;
  plan: BookingPlan;
  studentId: number;
  athleteId: number;
  notes: string | null;
  clientAddress: string;
  now: Date;
}) {
  const { slot, plan, now } = values;
  return {
    studentId: values.studentId,
    athleteId: values.athleteId,
    coachId: slot.coachId,
    timeSlotId: slot.id,
    rateId: plan.rate.id,
    sessionType: plan.rate.sessionType,
    durationMinutes: plan.rate.durationMinutes,
    rateCents: plan.rate.rateCents,
    platformFeeCents: platformFeeCents(plan.rate.rateCents),
    tipCents: 0,
    totalCents: totalCents(plan.rate.rateCents, 0),
    coachEarningsCents: coachEarningsCents(plan.rate.rateCents, 0),
    notes: values.notes,
    startsAt: plan.startsAt,
    endsAt: plan.endsAt,
    status: "pending" as const,
    paymentStatus: "unpaid" as const,
    holdExpiresAt: new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE_MS),
    clientAddress: values.clientAddress,
    createdAt: now,
    updatedAt: now,
  };
}

/** The booking rules of player-side 5, checked against the database's slot and rates. */
export function planBooking(
  slot: repo.SlotRow,
  timeZone: string,
  coachRates: repo.RateRow[],
  input: ParsedBookingRequest,
  now: Date,
): BookingPlan {
  // A session the coach cancelled is closed for good, whatever its seats say; one made for a request is that student's only.
  if (slot.cancelledAt || slot.requestOnly) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
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
