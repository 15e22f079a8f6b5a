import { MAX_HELD_BOOKINGS_PER_PLAYER } from "@contract/limits";
import { coachEarningsCents, platformFeeCents, totalCents } from "@contract/money";
import type { Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { calendarEvents, publishEvents } from "../../realtime/events";
import * as repo from "./bookings.repository";
import * as holdsRepo from "./seat-holds.repository";

const MINUTE_MS = 60_000;

/** Seats of the slot held now, by the one seat rule (the waitlist asks before letting a player join). */
export async function heldSeats(deps: AppDeps, slotId: number): Promise<number> {
  return deps.database.db.transaction((tx) => holdsRepo.countHeldSeats(tx, slotId, deps.clock.now()));
}

export async function hasActiveBookingInSlot(deps: AppDeps, slotId: number, athleteId: number): Promise<boolean> {
  return deps.database.db.transaction((tx) => holdsRepo.hasActiveBooking(tx, slotId, athleteId));
}

export type WaitlistHold =
  { booking: repo.BookingRow } | { skipped: "no_seat" | "already_booked" | "no_rate" | "closed" | "too_many_holds" | "student_busy" };

/**
 * Holds a freed seat of a group slot for a player from its waitlist: a pending booking at the
 * coach's group rate that fits the slot, held `holdMinutes`. Runs in the caller's transaction under
 * the slot's lock (taken here first, the lock order of booking), so it never takes a held seat.
 */
export async function holdSeatForWaitlist(
  tx: Tx,
  slotId: number,
  studentId: number,
  athleteId: number | null,
  now: Date,
  holdMinutes: number,
): Promise<WaitlistHold> {
  const slot = await holdsRepo.lockSlot(tx, slotId);
  if (!slot || slot.cancelledAt || slot.startsAt <= now || !slot.isGroup) return { skipped: "closed" };
  const seats = await holdsRepo.expireAndCountSeats(tx, slot.id, athleteId, now);
  if (seats.held >= slot.capacity) return { skipped: "no_seat" };
  if (seats.athleteBooked) return { skipped: "already_booked" };
  // An offer is a hold like any other: it counts toward the player's cap of unpaid holds. The
  // player's lock is only tried (this runs under the slot's lock, the reverse of booking's order).
  if (!(await holdsRepo.tryLockStudentHolds(tx, studentId))) return { skipped: "student_busy" };
  if ((await holdsRepo.countHeldBookingsOfStudent(tx, studentId, now)) >= MAX_HELD_BOOKINGS_PER_PLAYER)
    return { skipped: "too_many_holds" };
  const lengthMinutes = (slot.endsAt.getTime() - slot.startsAt.getTime()) / MINUTE_MS;
  const rate = (await holdsRepo.listCoachRates(tx, slot.coachId))
    .filter((r) => r.sessionType === "group" && r.durationMinutes <= lengthMinutes)
    .sort((a, b) => b.durationMinutes - a.durationMinutes)[0];
  if (!rate) return { skipped: "no_rate" };
  const booking = await holdsRepo.insertBooking(tx, {
    studentId,
    athleteId,
    coachId: slot.coachId,
    timeSlotId: slot.id,
    rateId: rate.id,
    sessionType: "group",
    durationMinutes: rate.durationMinutes,
    rateCents: rate.rateCents,
    platformFeeCents: platformFeeCents(rate.rateCents),
    tipCents: 0,
    totalCents: totalCents(rate.rateCents, 0),
    coachEarningsCents: coachEarningsCents(rate.rateCents, 0),
    notes: null,
    startsAt: slot.startsAt,
    endsAt: new Date(slot.startsAt.getTime() + rate.durationMinutes * MINUTE_MS),
    status: "pending",
    paymentStatus: "unpaid",
    holdExpiresAt: new Date(now.getTime() + holdMinutes * MINUTE_MS),
    createdAt: now,
    updatedAt: now,
  });
  await holdsRepo.refreshSlotAvailability(tx, slot.id, now);
  return { booking };
}

/** Tells the coach's calendar and the slot's viewers about a held seat. */
export async function announceBooking(deps: AppDeps, row: repo.BookingRow): Promise<void> {
  await publishEvents(deps, [calendarEvents.bookingUpdated(row), calendarEvents.availabilityUpdated(row.coachId)]);
}
