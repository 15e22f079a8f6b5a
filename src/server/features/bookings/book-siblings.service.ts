import { SiblingBookingMessages, type ParsedBookingRequest, type SiblingBookingResponse } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import { ErrorCode } from "@contract/error-basics";
import type { AppDeps } from "../../deps";
import { AppError, forbidden, notFound, refused } from "../../http/errors";
import { calendarEvents } from "../../realtime/events";
import { present } from "../../present";
import type { UserRow } from "../accounts/sessions.repository";
import { requireFamilyAthlete } from "../families/families.service";
import { requireScreeningForMinors } from "../credentials/screening-rule.service";
import type { AthleteRow } from "../families/families.repository";
import { releaseExpiredHolds } from "./booking-sweeps.service";
import { cardHold, planBooking, requireHoldAllowance } from "./booking-plan";
import { bookingForItsBooker } from "./bookings.service";
import { insertCreditBooking, notifyCreditBooked } from "./book-with-credit.service";
import type * as repo from "./bookings.repository";
import * as holdsRepo from "./seat-holds.repository";

/**
 * POST /api/bookings with `athleteIds` (DESIGN.md 12, siblings in one slot): a seat for each named
 * athlete of the caller's family, held for one card checkout, all or none: one transaction under the
 * slot's lock, so a slot without a seat for every one of them (or an athlete already booked in it)
 * holds nothing. An athlete of another family answers 404 like a missing one. The holds are one
 * checkout toward the per-player hold cap (holds of one slot count once, seat-holds.repository.ts),
 * and one seat each toward the per-address cap.
 */
export async function bookSiblings(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest & { athleteIds: number[] },
  clientAddress: string,
): Promise<SiblingBookingResponse> {
  if (input.studentId != null && input.studentId !== user.id) throw forbidden(BookingMessages.NOT_YOURSELF);
  const db = deps.database.db;
  const now = deps.clock.now();
  const byCredit = input.payWith === "credit";
  const athletes: AthleteRow[] = [];
  for (const id of input.athleteIds) athletes.push(await requireFamilyAthlete(deps, user, id));
  const [first] = athletes;
  if (!first) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const pre = await holdsRepo.findBookingPreRead(db, input.timeSlotId, first.id, now);
  if (!pre) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const { slot, timeZone, coachRates } = pre;
  planBooking(slot, timeZone, coachRates, input, now);
  await requireScreeningForMinors(deps, slot.coachId, athletes);

  let expired: holdsRepo.ExpiredHold[] = [];
  let announce = () => {};
  let rows: repo.BookingRow[];
  try {
    rows = await db.transaction(async (tx) => {
      // Paid with credits, the seats are confirmed at once: no hold to count (DESIGN.md 12).
      if (!byCredit)
        await requireHoldAllowance(tx, { studentId: user.id, coachId: slot.coachId, clientAddress, now, seats: athletes.length });
      const locked = await holdsRepo.lockSlot(tx, slot.id);
      if (!locked) throw notFound(BookingMessages.SLOT_NOT_FOUND);
      const plan = planBooking(locked, timeZone, coachRates, input, now);
      const seats = await holdsRepo.expireAndCountSeats(tx, locked.id, null, now);
      expired = seats.expired;
      for (const athlete of athletes) {
        if (await holdsRepo.hasActiveBooking(tx, locked.id, athlete.id))
          throw refused(ErrorCode.ALREADY_BOOKED, BookingMessages.ALREADY_BOOKED);
      }
      if (seats.held + athletes.length > locked.capacity) throw refused(ErrorCode.SLOT_FULL, BookingMessages.SLOT_UNAVAILABLE);
      const held: repo.BookingRow[] = [];
      for (const athlete of athletes) {
        if (byCredit) {
          // One credit per sibling; the first missing one rolls every seat and credit back (all or none).
          held.push(await insertSiblingCreditBooking(tx, { slot: locked, plan, studentId: user.id, athlete, notes: input.notes, now }));
          continue;
        }
        const hold = cardHold({ slot: locked, plan, studentId: user.id, athleteId: athlete.id, notes: input.notes, clientAddress, now });
        held.push(await holdsRepo.insertBooking(tx, hold));
      }
      await holdsRepo.refreshSlotAvailability(tx, locked.id, now);
      announce = await deps.events.publishInTransaction(tx, [
        ...held.map((row) => calendarEvents.bookingUpdated(row)),
        calendarEvents.availabilityUpdated(locked.coachId),
      ]);
      return held;
    });
  } catch (err) {
    if (err instanceof holdsRepo.DuplicateActiveBookingError) throw refused(ErrorCode.ALREADY_BOOKED, BookingMessages.ALREADY_BOOKED);
    throw err;
  }
  announce();
  await releaseExpiredHolds(deps, expired);
  if (byCredit) for (const row of rows) await notifyCreditBooked(deps, row.id);
  const bookings = [];
  for (const row of rows) bookings.push(present(await bookingForItsBooker(deps, row.id), "a booking just made"));
  return { bookings };
}

/** A sibling's seat paid with a credit, inside the siblings' transaction; no credit left: the siblings' own 409. */
async function insertSiblingCreditBooking(
  tx: Parameters<typeof insertCreditBooking>[0],
  values: {
    slot: repo.SlotRow;
    plan: ReturnType<typeof planBooking>;
    studentId: number;
    athlete: AthleteRow;
    notes: string | null;
    now: Date;
  },
): Promise<repo.BookingRow> {
  try {
    return await insertCreditBooking(tx, {
      slot: values.slot,
      plan: values.plan,
      studentId: values.studentId,
      familyId: values.athlete.familyId,
      athleteId: values.athlete.id,
      notes: values.notes,
      now: values.now,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.NO_CREDIT)
      throw refused(ErrorCode.NO_CREDIT, SiblingBookingMessages.NOT_ENOUGH_CREDITS);
    throw err;
  }
}
