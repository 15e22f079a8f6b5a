import { randomUUID } from "node:crypto";
import { SeriesBookingMessages, type Booking, type ParsedBookingRequest, type ParsedSeriesBookingRequest } from "@contract/bookings";
import { BookingMessages, DEFAULT_BOOKING_DURATION, noRatesMessage } from "@contract/booking-basics";
import { centsToDecimal } from "@contract/money";
import { calendarEvents, publishEvents } from "../../realtime/events";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, conflict, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { chooseAthlete } from "../families/families.service";
import { requireScreeningForMinors } from "../credentials/screening-rule.service";
import { instantToLocal } from "../slots/slot-time";
import { releaseExpiredHolds } from "./booking-sweeps.service";
import { bookingForItsBooker } from "./bookings.service";
import { insertCreditBooking, notifyCreditBooked } from "./book-with-credit.service";
import { cardHold, planBooking, requireSeriesAllowance, type BookingPlan } from "./booking-plan";
import type * as repo from "./bookings.repository";
import * as holdsRepo from "./seat-holds.repository";
import { present } from "../../present";

/**
 * The weeks a series from this slot takes (up to `weeks` weekly slots from it, DESIGN.md 11) and the
 * coach's rate for the slot's kind and the duration asked: what POST /api/bookings/series books and
 * its preview shows, read without any lock.
 */
export async function readSeries(
  deps: AppDeps,
  user: UserRow,
  input: { timeSlotId: number; weeks: number; athleteId?: number | null | undefined; duration?: number | undefined },
  now: Date,
) {
  const db = deps.database.db;
  const athlete = await chooseAthlete(deps, user, input.athleteId);
  const pre = await holdsRepo.findBookingPreRead(db, input.timeSlotId, athlete.id, now);
  if (!pre) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const { slot: first, timeZone, coachRates } = pre;
  const kind = first.isGroup ? "group" : "individual";
  const ratesOfKind = coachRates.filter((r) => r.sessionType === kind);
  if (ratesOfKind.length === 0) throw badRequest(noRatesMessage(first.isGroup), "timeSlotId");
  const duration = input.duration ?? DEFAULT_BOOKING_DURATION;
  const rate = ratesOfKind.find((r) => r.durationMinutes === duration);
  if (!rate) throw badRequest(BookingMessages.SELECT_DURATION, "duration");
  const weeks = first.seriesId ? await holdsRepo.listSeriesSlotsFrom(db, first.seriesId, first.startsAt, input.weeks) : [first];
  return { athlete, first, timeZone, coachRates, kind, duration, rate, weeks } as const;
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
 * together: they share a series hold id and count as one hold toward both caps, one unpaid series
 * per family and per coach and address (requireSeriesAllowance). Each week is then an ordinary booking.
 */
export async function bookSeries(
  deps: AppDeps,
  user: UserRow,
  input: ParsedSeriesBookingRequest,
  clientAddress: string,
): Promise<SeriesBooking> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const { athlete, first, timeZone, coachRates, kind, duration, rate, weeks } = await readSeries(deps, user, input, now);
  await requireScreeningForMinors(deps, first.coachId, [athlete]);
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
  let expired: holdsRepo.ExpiredHold[] = [];
  const rows = await db.transaction(async (tx) => {
    const seriesHoldId = randomUUID();
    if (input.payWith === "card") {
      await requireSeriesAllowance(tx, { studentId: user.id, familyId: athlete.familyId, coachId: first.coachId, clientAddress, now });
    }
    const booked: repo.BookingRow[] = [];
    for (const week of weeks) {
      const locked = await holdsRepo.lockSlot(tx, week.id);
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
      const seats = await holdsRepo.expireAndCountSeats(tx, locked.id, athlete.id, now);
      expired = [...expired, ...seats.expired];
      if (seats.held >= locked.capacity || seats.athleteBooked) {
        skipped.push(date);
        continue;
      }
      const seat = { slot: locked, plan, studentId: user.id, athleteId: athlete.id, notes: input.notes, now };
      booked.push(
        input.payWith === "credit"
          ? await insertCreditBooking(tx, { ...seat, familyId: athlete.familyId })
          : await holdsRepo.insertBooking(tx, { ...cardHold({ ...seat, clientAddress }), seriesHoldId }),
      );
      await holdsRepo.refreshSlotAvailability(tx, locked.id, now);
    }
    if (booked.length === 0) throw conflict(SeriesBookingMessages.NONE_OPEN);
    return booked;
  });

  await releaseExpiredHolds(deps, expired);
  await publishEvents(deps, [...rows.map((row) => calendarEvents.bookingUpdated(row)), calendarEvents.availabilityUpdated(first.coachId)]);
  if (input.payWith === "credit") for (const row of rows) await notifyCreditBooked(deps, row.id);
  const bookings = [];
  for (const row of rows) bookings.push(present(await bookingForItsBooker(deps, row.id), "a booking just made"));
  if (input.payWith === "credit") return { bookings, skipped };
  return {
    bookings,
    skipped,
    bookingIds: rows.map((r) => r.id),
    totalAmount: centsToDecimal(rows.reduce((sum, r) => sum + r.totalCents, 0)),
  };
}
