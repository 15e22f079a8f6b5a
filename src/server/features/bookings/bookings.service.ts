import {
  BOOKING_HOLD_MINUTES,
  BookingMessages,
  DEFAULT_BOOKING_DURATION,
  MAX_BOOKING_NOTES_LENGTH,
  noRatesMessage,
  type Booking,
  type BookingStudent,
  type ParsedBookingRequest,
} from "../../../contract/bookings";
import { centsToDecimal, coachEarningsCents, platformFeeCents, totalCents } from "../../../contract/money";
import { TIME_STEP_MINUTES } from "../../../contract/time";
import type { CalendarEvent } from "../../../contract/realtime";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { instantToLocal, localToInstant } from "../slots/slot-time";
import { sendBookingConfirmedEmails, sendRefundedEmail } from "./booking-emails";
import * as repo from "./bookings.repository";

const MINUTE_MS = 60_000;

export type BookingViewer = { id: number; userType: UserRow["userType"] };

/** POST /api/bookings: holds a seat for 15 minutes while the student pays (DESIGN.md 4). */
export async function bookSlot(deps: AppDeps, user: UserRow, input: ParsedBookingRequest): Promise<Booking> {
  const row = await createPendingBooking(deps, user, input);
  return (await getBookingFor(deps, user, row.id))!;
}

/**
 * The seat check and the insert run in one transaction that holds the slot's row lock, so no
 * number of concurrent requests can take more seats than the slot has.
 */
export async function createPendingBooking(deps: AppDeps, user: UserRow, input: ParsedBookingRequest): Promise<repo.BookingRow> {
  if (user.userType !== "player") throw forbidden(BookingMessages.ONLY_PLAYERS);
  if (input.studentId != null && input.studentId !== user.id) throw forbidden(BookingMessages.NOT_YOURSELF);
  const db = deps.database.db;
  const now = deps.clock.now();

  // Read-only checks first, so that a bad request never waits for the slot lock.
  const slot = await repo.findSlot(db, input.timeSlotId);
  if (!slot) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const coach = (await repo.findCoachZone(db, slot.coachId))!;
  const coachRates = await repo.listCoachRates(db, slot.coachId);
  planBooking(slot, coach.timeZone, coachRates, input, now);

  let expired: repo.ExpiredHold[] = [];
  let booking: repo.BookingRow;
  try {
    booking = await db.transaction(async (tx) => {
      const locked = await repo.lockSlot(tx, slot.id);
      if (!locked) throw notFound(BookingMessages.SLOT_NOT_FOUND);
      // The slot may have changed between the read and the lock: plan again on the locked row.
      const plan = planBooking(locked, coach.timeZone, coachRates, input, now);
      expired = await repo.expireSlotHolds(tx, locked.id, now);
      if (await repo.hasActiveBooking(tx, locked.id, user.id)) throw conflict(BookingMessages.ALREADY_BOOKED);
      const held = await repo.countHeldSeats(tx, locked.id, now);
      if (held >= locked.capacity) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
      const inserted = await repo.insertBooking(tx, {
        studentId: user.id,
        coachId: locked.coachId,
        timeSlotId: locked.id,
        rateId: plan.rate.id,
        sessionType: plan.rate.sessionType,
        durationMinutes: plan.rate.durationMinutes,
        rateCents: plan.rate.rateCents,
        platformFeeCents: platformFeeCents(plan.rate.rateCents),
        tipCents: 0,
        totalCents: totalCents(plan.rate.rateCents, 0),
        coachEarningsCents: coachEarningsCents(plan.rate.rateCents, 0),
        notes: input.notes,
        startsAt: plan.startsAt,
        endsAt: plan.endsAt,
        status: "pending",
        paymentStatus: "unpaid",
        holdExpiresAt: new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE_MS),
        createdAt: now,
        updatedAt: now,
      });
      await repo.refreshSlotAvailability(tx, locked.id, now);
      return inserted;
    });
  } catch (err) {
    if (err instanceof repo.DuplicateActiveBookingError) throw conflict(BookingMessages.ALREADY_BOOKED);
    throw err;
  }

  await releaseExpiredHolds(deps, expired);
  await publish(deps, [
    {
      type: "booking_updated",
      coachId: booking.coachId,
      bookingId: booking.id,
      studentId: booking.studentId,
      status: booking.status,
      timeSlotId: booking.timeSlotId,
    },
    { type: "availability_updated", coachId: booking.coachId },
  ]);
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
  input: { timeSlotId: number; duration?: number; preferredStartTime?: string; notes?: string },
): Promise<repo.BookingRow> {
  if (user.userType !== "player") throw forbidden(BookingMessages.ONLY_PLAYERS);
  const db = deps.database.db;
  const slot = await repo.findSlot(db, input.timeSlotId);
  if (!slot) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  // A session the coach cancelled is closed for good, whatever its seats say.
  if (slot.cancelledAt) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
  const kind = slot.isGroup ? "group" : "individual";
  const ratesOfKind = (await repo.listCoachRates(db, slot.coachId)).filter((r) => r.sessionType === kind);
  if (ratesOfKind.length === 0) throw badRequest(noRatesMessage(slot.isGroup), "timeSlotId");
  const duration = input.duration ?? DEFAULT_BOOKING_DURATION;
  const rate = ratesOfKind.find((r) => r.durationMinutes === duration);
  if (!rate) throw badRequest(BookingMessages.SELECT_DURATION, "duration");
  const existing = await repo.findPendingBookingOfStudent(db, slot.id, user.id, deps.clock.now());
  if (existing) return existing;
  return createPendingBooking(deps, user, {
    timeSlotId: slot.id,
    rateId: rate.id,
    sessionType: kind,
    duration,
    notes: input.notes?.trim() ? input.notes.trim().slice(0, MAX_BOOKING_NOTES_LENGTH) : null,
    preferredStartTime: input.preferredStartTime || undefined,
    rate: undefined,
    studentId: undefined,
    coachId: undefined,
  });
}

/**
 * The booking of an accepted session request, inside the caller's transaction (the slot was just
 * made for it): pending with no hold expiry, so it keeps its seat and stays payable until paid or
 * cancelled (DESIGN.md 4). Money comes from the rate the request was priced with.
 */
export async function createRequestedBookingInTransaction(
  tx: Tx,
  values: {
    studentId: number;
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
    holdExpiresAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await repo.refreshSlotAvailability(tx, values.timeSlotId, now);
  return booking;
}

type BookingPlan = { rate: repo.RateRow; startsAt: Date; endsAt: Date };

/** The booking rules of player-side 5, checked against the database's slot and rates. */
function planBooking(
  slot: repo.SlotRow,
  timeZone: string,
  coachRates: repo.RateRow[],
  input: ParsedBookingRequest,
  now: Date,
): BookingPlan {
  // A session the coach cancelled is closed for good, whatever its seats say.
  if (slot.cancelledAt) throw conflict(BookingMessages.SLOT_UNAVAILABLE);
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

/** One booking for a viewer allowed to see it (its student, its coach, an admin); undefined otherwise. */
export async function getBookingFor(deps: AppDeps, viewer: BookingViewer, bookingId: number): Promise<Booking | undefined> {
  const details = await repo.findBookingDetails(deps.database.db, bookingId);
  if (!details) return undefined;
  const isStudent = details.booking.studentId === viewer.id;
  const isCoach = details.coach.userId === viewer.id;
  if (!isStudent && !isCoach && viewer.userType !== "admin") return undefined;
  return toApiBooking(details, isCoach || viewer.userType === "admin");
}

/** GET /api/bookings/:id. Someone else's booking answers 404, like a missing one: ids do not leak. */
export async function getBooking(deps: AppDeps, viewer: BookingViewer, bookingId: number): Promise<Booking> {
  const booking = await getBookingFor(deps, viewer, bookingId);
  if (!booking) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return booking;
}

export async function listStudentBookings(deps: AppDeps, user: UserRow): Promise<Booking[]> {
  const rows = await repo.listStudentBookings(deps.database.db, user.id);
  return rows.map((r) => toApiBooking(r, false));
}

export async function listCoachBookings(deps: AppDeps, user: UserRow): Promise<Booking[]> {
  if (user.userType !== "coach") throw forbidden(BookingMessages.ONLY_COACHES);
  const coachId = await repo.findCoachIdOfUser(deps.database.db, user.id);
  if (coachId === undefined) return [];
  const rows = await repo.listCoachBookings(deps.database.db, coachId);
  return rows.map((r) => toApiBooking(r, true));
}

/** The caller's own booking row (for paying it); someone else's answers 404 like a missing one. */
export async function requireOwnBooking(deps: AppDeps, user: UserRow, bookingId: number): Promise<repo.BookingRow> {
  const row = await repo.findBooking(deps.database.db, bookingId);
  if (!row || row.studentId !== user.id) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return row;
}

export async function findBookingRow(deps: AppDeps, bookingId: number): Promise<repo.BookingRow | undefined> {
  return repo.findBooking(deps.database.db, bookingId);
}

export async function findBookingByPaymentIntent(deps: AppDeps, paymentIntentId: string): Promise<repo.BookingRow | undefined> {
  return repo.findBookingByPaymentIntent(deps.database.db, paymentIntentId);
}

/** A pending booking can be paid while its hold lasts; refuses otherwise with the message the checkout shows. */
export function requirePayable(booking: repo.BookingRow, now: Date): void {
  if (booking.status === "confirmed" || booking.status === "completed" || booking.paymentStatus === "completed") {
    throw conflict(BookingMessages.ALREADY_PAID);
  }
  if (booking.status === "cancelled") {
    throw conflict(booking.cancellationReason === "hold_expired" ? BookingMessages.HOLD_EXPIRED : BookingMessages.NOT_PAYABLE);
  }
  if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw conflict(BookingMessages.HOLD_EXPIRED);
}

export async function attachPaymentIntent(deps: AppDeps, bookingId: number, paymentIntentId: string): Promise<void> {
  await repo.attachPaymentIntent(deps.database.db, bookingId, paymentIntentId, deps.clock.now());
}

/** Stores a new tip (and the total and earnings that follow) on a booking still waiting for payment. */
export async function setTip(deps: AppDeps, booking: repo.BookingRow, tipCents: number): Promise<repo.BookingRow> {
  const updated = await repo.setTipIfPayable(
    deps.database.db,
    booking.id,
    { tipCents, totalCents: totalCents(booking.rateCents, tipCents), coachEarningsCents: coachEarningsCents(booking.rateCents, tipCents) },
    deps.clock.now(),
  );
  if (!updated) throw conflict(BookingMessages.ALREADY_PAID);
  return updated;
}

export async function recordPaymentFailed(deps: AppDeps, paymentIntentId: string): Promise<void> {
  const row = await repo.markPaymentFailed(deps.database.db, paymentIntentId, deps.clock.now());
  if (row) await publishBooking(deps, row);
}

export async function recordPaymentProcessing(deps: AppDeps, bookingId: number): Promise<void> {
  await repo.markPaymentProcessing(deps.database.db, bookingId, deps.clock.now());
}

export type SettleOutcome =
  /** This call confirmed the booking (e-mails and event sent). */
  | { kind: "confirmed"; bookingId: number }
  /** Already confirmed, completed, or already refunded: nothing to do. */
  | { kind: "unchanged"; bookingId: number }
  /** Paid, but the seat cannot be given: the booking is cancelled and the payment must be refunded. */
  | { kind: "refund"; bookingId: number; paymentIntentId: string; idempotencyKey: string };

/**
 * A payment of the booking succeeded (the client's confirm call, the webhook or the simulated card
 * form, in any order, any number of times). Confirms the booking once. The money recorded is the
 * amount actually charged, so a tip changed while paying cannot leave the books wrong.
 * Never keeps money for a seat it cannot give: a payment that arrives after the hold ran out
 * confirms only if a seat is still free, and is otherwise refunded in full.
 */
export async function settlePaidBooking(
  deps: AppDeps,
  bookingId: number,
  intent: { id: string; amountCents: number },
): Promise<SettleOutcome> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const before = await repo.findBooking(db, bookingId);
  if (!before) throw notFound(BookingMessages.BOOKING_NOT_FOUND);

  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    // Slot first, then booking: the lock order of booking and of the sweeps.
    const slot = (await repo.lockSlot(tx, before.timeSlotId))!;
    const booking = (await repo.lockBooking(tx, bookingId))!;

    if (booking.paymentIntentId && booking.paymentIntentId !== intent.id) {
      // A second intent of the same booking was paid as well: give that money back.
      const alreadyPaid = booking.status === "confirmed" || booking.status === "completed" || booking.paymentStatus === "completed";
      if (alreadyPaid || booking.status === "cancelled") {
        return { kind: "refund", bookingId, paymentIntentId: intent.id, idempotencyKey: `booking-${bookingId}-refund-${intent.id}` };
      }
    }
    if (booking.status === "confirmed" || booking.status === "completed") return { kind: "unchanged", bookingId };
    // Money already recorded (paid, or being given back by a cancellation): nothing left to settle.
    if (booking.paymentStatus === "completed" || booking.paymentStatus === "refund_pending" || booking.paymentStatus === "refunded") {
      return { kind: "unchanged", bookingId };
    }

    const refund = async (reason: string): Promise<SettleOutcome> => {
      await repo.updateBooking(tx, bookingId, {
        status: "cancelled",
        paymentStatus: "refund_pending",
        paymentIntentId: intent.id,
        holdExpiresAt: null,
        cancelledAt: booking.cancelledAt ?? now,
        cancellationReason: booking.cancellationReason ?? reason,
        updatedAt: now,
      });
      await repo.refreshSlotAvailability(tx, slot.id, now);
      return { kind: "refund", bookingId, paymentIntentId: intent.id, idempotencyKey: `booking-${bookingId}-refund` };
    };

    const baseCents = booking.rateCents + booking.platformFeeCents;
    if (intent.amountCents < baseCents) return refund("payment_amount_mismatch");
    if (booking.status === "cancelled" && booking.cancellationReason !== "hold_expired") return refund("cancelled_before_payment");

    const holdActive = booking.status === "pending" && (booking.holdExpiresAt === null || booking.holdExpiresAt > now);
    if (!holdActive) {
      const seatFree = (await repo.countHeldSeats(tx, slot.id, now, bookingId)) < slot.capacity;
      const otherActive = await repo.hasActiveBooking(tx, slot.id, booking.studentId, bookingId);
      if (!seatFree || otherActive || booking.startsAt <= now) return refund("paid_after_hold_expired");
    }

    const tipCents = intent.amountCents - baseCents;
    await repo.updateBooking(tx, bookingId, {
      status: "confirmed",
      paymentStatus: "completed",
      paymentIntentId: intent.id,
      tipCents,
      totalCents: intent.amountCents,
      coachEarningsCents: coachEarningsCents(booking.rateCents, tipCents),
      holdExpiresAt: null,
      confirmedAt: now,
      cancelledAt: null,
      cancellationReason: null,
      updatedAt: now,
    });
    await repo.refreshSlotAvailability(tx, slot.id, now);
    return { kind: "confirmed", bookingId };
  });

  if (outcome.kind === "confirmed") {
    if (intent.amountCents !== before.totalCents) {
      deps.logger.warn(
        { bookingId, charged: intent.amountCents, expected: before.totalCents },
        "charged amount differs from the booking total; tip adjusted",
      );
    }
    const details = (await repo.findBookingDetails(db, bookingId))!;
    await notifyConfirmed(deps, details);
  }
  return outcome;
}

/** After a refund went through (or was already done): records it and tells the student. */
export async function recordRefunded(deps: AppDeps, bookingId: number, refundId: string, notify: boolean): Promise<void> {
  const now = deps.clock.now();
  const row = await repo.updateBooking(deps.database.db, bookingId, { paymentStatus: "refunded", refundId, updatedAt: now });
  if (!row) return;
  await publishBooking(deps, row);
  if (notify) {
    const details = await repo.findBookingDetails(deps.database.db, bookingId);
    if (details)
      await sendRefundedEmail(deps, toApiBooking(details, false), details.student.email).catch((err) => logMailError(deps, err, bookingId));
  }
}

async function notifyConfirmed(deps: AppDeps, details: repo.BookingDetails): Promise<void> {
  const booking = toApiBooking(details, true);
  try {
    await sendBookingConfirmedEmails(deps, booking, { student: details.student.email, coach: details.coachUser.email });
  } catch (err) {
    // The booking is confirmed and paid; a lost e-mail must not turn that into an error.
    logMailError(deps, err, details.booking.id);
  }
  await publish(deps, [
    {
      type: "booking_updated",
      coachId: booking.coachId,
      bookingId: booking.id,
      studentId: booking.studentId,
      status: booking.status,
      timeSlotId: booking.timeSlotId,
    },
    { type: "availability_updated", coachId: booking.coachId },
  ]);
}

function logMailError(deps: AppDeps, err: unknown, bookingId: number) {
  deps.logger.error({ err, bookingId }, "could not send a booking e-mail");
}

/** Pending bookings whose hold ran out that carry a payment intent (the sweep asks the provider about them first). */
export async function listExpiredHoldsWithIntent(deps: AppDeps, limit: number) {
  return repo.listExpiredHoldsWithIntent(deps.database.db, deps.clock.now(), limit);
}

export async function listRefundsDue(deps: AppDeps, limit: number) {
  return repo.listRefundsDue(deps.database.db, limit);
}

/** Sweep: cancels pending bookings whose hold ran out and reopens their seats (DESIGN.md 7). */
export async function expireHolds(deps: AppDeps, options: { batchSize?: number } = {}): Promise<repo.ExpiredHold[]> {
  const batchSize = options.batchSize ?? 200;
  const all: repo.ExpiredHold[] = [];
  for (let round = 0; round < 50; round++) {
    const now = deps.clock.now();
    const expired = await deps.database.db.transaction(async (tx) => {
      const rows = await repo.expireHoldsBatch(tx, now, batchSize);
      for (const slotId of new Set(rows.map((r) => r.timeSlotId))) await repo.refreshSlotAvailability(tx, slotId, now);
      return rows;
    });
    all.push(...expired);
    if (expired.length === 0) break;
  }
  await releaseExpiredHolds(deps, all);
  return all;
}

/** Sweep: confirmed sessions whose slot has ended become completed (DESIGN.md 8). */
export async function completeSessions(deps: AppDeps, options: { batchSize?: number } = {}): Promise<repo.CompletedSession[]> {
  const batchSize = options.batchSize ?? 500;
  const all: repo.CompletedSession[] = [];
  for (let round = 0; round < 50; round++) {
    const now = deps.clock.now();
    const done = await deps.database.db.transaction((tx) => repo.completeSessionsBatch(tx, now, batchSize));
    all.push(...done);
    if (done.length < batchSize) break;
  }
  await publish(
    deps,
    all.map((b) => ({
      type: "booking_updated",
      coachId: b.coachId,
      bookingId: b.id,
      studentId: b.studentId,
      status: "completed",
      timeSlotId: b.timeSlotId,
    })),
  );
  return all;
}

/** Cancels the provider intents of expired holds (so they can no longer be paid) and tells the calendars. */
async function releaseExpiredHolds(deps: AppDeps, expired: repo.ExpiredHold[]): Promise<void> {
  if (expired.length === 0) return;
  for (const hold of expired) {
    if (!hold.paymentIntentId) continue;
    try {
      await deps.payments.cancelPaymentIntent(hold.paymentIntentId);
    } catch (err) {
      // If it was paid meanwhile, the payment's confirmation refunds or reinstates it.
      deps.logger.warn({ err, bookingId: hold.id }, "could not cancel the payment intent of an expired hold");
    }
  }
  const events: CalendarEvent[] = expired.map((h) => ({
    type: "booking_updated",
    coachId: h.coachId,
    bookingId: h.id,
    studentId: h.studentId,
    status: "cancelled",
    timeSlotId: h.timeSlotId,
  }));
  for (const coachId of new Set(expired.map((h) => h.coachId))) events.push({ type: "availability_updated", coachId });
  await publish(deps, events);
}

async function publishBooking(deps: AppDeps, row: repo.BookingRow): Promise<void> {
  await publish(deps, [
    {
      type: "booking_updated",
      coachId: row.coachId,
      bookingId: row.id,
      studentId: row.studentId,
      status: row.status,
      timeSlotId: row.timeSlotId,
    },
  ]);
}

async function publish(deps: AppDeps, events: CalendarEvent[]): Promise<void> {
  if (!deps.events) return;
  for (const event of events) await deps.events.publish(event);
}

export function coachNameOf(details: Pick<repo.BookingDetails, "coachUser">): string {
  return [details.coachUser.firstName, details.coachUser.lastName].filter(Boolean).join(" ").trim() || "Your coach";
}

/** The API shape of a booking; `withStudent` adds the student's contact and profile (for the coach and admins). */
export function toApiBooking(details: repo.BookingDetails, withStudent: boolean): Booking {
  const { booking: b, slot, coach, coachUser } = details;
  const zone = coach.timeZone;
  const start = instantToLocal(b.startsAt, zone);
  const end = instantToLocal(b.endsAt, zone);
  const slotStart = instantToLocal(slot.startsAt, zone);
  const slotEnd = instantToLocal(slot.endsAt, zone);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const result: Booking = {
    id: b.id,
    studentId: b.studentId,
    coachId: b.coachId,
    timeSlotId: b.timeSlotId,
    rateId: b.rateId,
    sessionType: b.sessionType,
    duration: b.durationMinutes,
    status: b.status,
    paymentStatus: b.paymentStatus,
    rate: centsToDecimal(b.rateCents),
    platformFee: centsToDecimal(b.platformFeeCents),
    tipAmount: centsToDecimal(b.tipCents),
    totalAmount: centsToDecimal(b.totalCents),
    coachEarnings: centsToDecimal(b.coachEarningsCents),
    notes: b.notes,
    preferredStartTime: start.time,
    startTime: start.time,
    endTime: end.time,
    sessionDate: start.date,
    sessionTime: start.time,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    coachName: coachNameOf(details),
    coach: {
      id: coach.id,
      title: coach.title,
      profileImageUrl: coach.profileImageUrl ?? coachUser.profileImageUrl,
      user: { firstName: coachUser.firstName, lastName: coachUser.lastName, profileImageUrl: coachUser.profileImageUrl },
    },
    timeSlot: {
      id: slot.id,
      coachId: slot.coachId,
      date: slotStart.date,
      startTime: slotStart.time,
      endTime: slotEnd.time,
      isAvailable: slot.isAvailable,
      isGroup: slot.isGroup,
      capacity: slot.capacity,
      locationName: slot.locationName,
      locationAddress: slot.locationAddress,
      locationLat: slot.locationLat,
      locationLng: slot.locationLng,
      locationNotes: slot.locationNotes,
    },
    holdExpiresAt: b.status === "pending" ? iso(b.holdExpiresAt) : null,
    confirmedAt: iso(b.confirmedAt),
    completedAt: iso(b.completedAt),
    cancelledAt: iso(b.cancelledAt),
    cancellationReason: b.cancellationReason,
    feedbackSubmittedAt: iso(b.feedbackSubmittedAt),
    payoutStatus: b.payoutStatus,
    createdAt: b.createdAt.toISOString(),
  };
  if (withStudent) result.student = toStudent(details.student);
  return result;
}

function toStudent(s: repo.BookingDetails["student"]): BookingStudent {
  return { ...s, goals: s.goals ?? [], sessionPreferences: s.sessionPreferences ?? [] };
}
