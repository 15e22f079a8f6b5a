import type { Booking, ParsedBookingRequest } from "@contract/bookings";
import type { SQL } from "drizzle-orm";
import { present } from "../../present";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import type { UserRow } from "../accounts/sessions.repository";
import { audienceOfBooking, bookerViewOf, toApiBooking } from "./bookings.service";
import { sendBookingConfirmedEmails } from "./booking-emails";
import { chooseCredit, creditPaidBooking, spendCreditStatement } from "../credits/credits.service";
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
export async function bookWithCredit(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  read?: FirstAthletePreRead,
): Promise<Booking> {
  // The booking's details, read once on the booking's own connection right after its commit: the
  // answer and the e-mails are both made from them.
  const details = await takeSeat(
    deps,
    user,
    input,
    {
      answer: async (on, booking) =>
        present(await detailsRepo.findBookingDetailsOutsideTransaction(on.database.db, booking.id), "the booking just made"),
      insert: async (tx, { slot, plan, athlete, now }) => {
        const { booking, spent } = await insertCreditSeat(tx, {
          slot,
          plan,
          studentId: user.id,
          familyId: athlete.familyId,
          athleteId: athlete.id,
          notes: input.notes,
          now,
        });
        return { booking, alongside: [spent] };
      },
    },
    read,
  );
  const answer = bookerViewOf(deps, details);
  // On the pool, after the booking's connection is given back (the e-mails' outbox takes its own).
  await notifyCreditBookedWith(deps, details);
  return answer;
}

/**
 * Inside the caller's transaction, holding the slot's lock, after the caller found a seat free for
 * the athlete (holdsRepo.expireAndCountSeats): the credit, the booking and its redeem row. The
 * caller refreshes the slot's availability after.
 */
export async function insertCreditBooking(tx: Tx, values: Parameters<typeof insertCreditSeat>[1]): Promise<repo.BookingRow> {
  const { booking, spent } = await insertCreditSeat(tx, values);
  await tx.execute(spent);
  return booking;
}

/**
 * insertCreditBooking, with the redeem row left for the caller to write in its transaction's last
 * statement (`alongside`, takeSeat's): the credit is chosen under the purchases' lock here, and
 * spent before the commit either way.
 */
async function insertCreditSeat(
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
): Promise<{ booking: repo.BookingRow; spent: SQL }> {
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
    ...creditPaidBooking(spend, now),
    createdAt: now,
  });
  const spent = spendCreditStatement(tx, spend, inserted.id, now);
  return { booking: inserted, spent };
}

export async function notifyCreditBooked(deps: AppDeps, bookingId: number): Promise<void> {
  const details = await detailsRepo.findBookingDetails(deps.database.db, bookingId);
  if (details) await notifyCreditBookedWith(deps, details);
}

async function notifyCreditBookedWith(deps: AppDeps, details: detailsRepo.BookingDetails): Promise<void> {
  const bookingId = details.booking.id;
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
