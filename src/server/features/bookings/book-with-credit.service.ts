import type { ParsedBookingRequest } from "@contract/bookings";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import type { UserRow } from "../accounts/sessions.repository";
import { audienceOfBooking, toApiBooking } from "./bookings.service";
import { sendBookingConfirmedEmails } from "./booking-emails";
import { chooseCredit, spendCredit } from "../packages/credits.service";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import * as holdsRepo from "./seat-holds.repository";
import { seatOfPlan, takeSeat, type BookingPlan, type FirstAthletePreRead } from "./booking-plan";

/**
 * A seat paid with a credit: the seat check, the credit's choice, the confirmed booking and the
 * ledger's redeem row are one transaction under the slot's lock, then the purchase's (so never a
 * seat without a credit, never a credit spent twice). The booking carries the credit's share of the
 * package's price and fee as its money; the coach earns the price share after feedback.
 */
export async function bookWithCredit<T>(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  answer: (on: AppDeps, row: repo.BookingRow) => Promise<T>,
  read?: FirstAthletePreRead,
): Promise<T> {
  let bookingId = 0;
  const answered = await takeSeat(
    deps,
    user,
    input,
    {
      answer: (on, booking) => {
        bookingId = booking.id;
        return answer(on, booking);
      },
      insert: (tx, { slot, plan, athlete, now }) =>
        insertCreditBooking(tx, {
          slot,
          plan,
          studentId: user.id,
          familyId: athlete.familyId,
          athleteId: athlete.id,
          notes: input.notes,
          now,
        }),
    },
    read,
  );
  // On the pool, after the booking's connection is given back (the e-mails' outbox takes its own).
  await notifyCreditBooked(deps, bookingId);
  return answered;
}

/**
 * Inside the caller's transaction, holding the slot's lock, after the caller found a seat free for
 * the athlete (holdsRepo.expireAndCountSeats): the credit, the booking and its redeem row.
 */
export async function insertCreditBooking(
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
  const spend = await chooseCredit(tx, {
    familyId: values.familyId,
    coachId: slot.coachId,
    sessionType: plan.rate.sessionType,
    durationMinutes: plan.rate.durationMinutes,
    now,
  });
  const inserted = await holdsRepo.insertBooking(tx, {
    ...seatOfPlan(values),
    rateCents: spend.valueCents,
    platformFeeCents: spend.feeCents,
    tipCents: 0,
    totalCents: spend.valueCents + spend.feeCents,
    coachEarningsCents: spend.valueCents,
    status: "confirmed",
    paymentStatus: "completed",
    packagePurchaseId: spend.purchaseId,
    confirmedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await spendCredit(tx, spend, inserted.id, now);
  await holdsRepo.refreshSlotAvailability(tx, slot.id, now);
  return inserted;
}

export async function notifyCreditBooked(deps: AppDeps, bookingId: number): Promise<void> {
  const details = await detailsRepo.findBookingDetails(deps.database.db, bookingId);
  if (!details) return;
  try {
    await sendBookingConfirmedEmails(
      deps,
      toApiBooking(details, true, deps.clock.now()),
      { family: (await audienceOfBooking(deps, details)).emails, coach: details.coachUser.email },
      details.coach.timeZone,
    );
  } catch (err) {
    deps.logger.error({ err, bookingId }, "could not send a booking e-mail");
  }
}
