import type { Booking, ParsedBookingRequest } from "@contract/bookings";
import { sql } from "drizzle-orm";
import { present } from "../../present";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import type { UserRow } from "../accounts/sessions.repository";
import { audienceOfBooking, bookerViewOf, toApiBooking } from "./bookings.service";
import { bookingConfirmation, sendBookingConfirmedEmails, type BookingConfirmation } from "./booking-emails";
import { chooseCredit, creditPaidBooking, spendCreditStatement, type CreditSpend } from "../credits/credits.service";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import * as holdsRepo from "./seat-holds.repository";
import { seatOfPlan, takeSeat, type BookingPlan, type FirstAthletePreRead } from "./booking-plan";

/**
 * A seat paid with a credit: the seat check, the credit's choice, the confirmed booking and the
 * ledger's redeem row are one transaction under the slot's lock, then the purchase's (so never a
 * seat without a credit, never a credit spent twice). The booking carries the credit's share of the
 * package's price and fee as its money; the coach earns the price share after feedback. The
 * booking's details (the answer's and the e-mails') are read by its insert, and the confirmation
 * e-mails' outbox rows written with the transaction's last statement (issue 46: ten statements in
 * all); they are delivered after the commit.
 */
export async function bookWithCredit(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  read?: FirstAthletePreRead,
): Promise<Booking> {
  let made: detailsRepo.BookingDetailsWithAudience | undefined;
  let notices: BookingConfirmation | undefined;
  let written: { isAvailable?: boolean; claimed?: unknown } = {};
  const answer = await takeSeat(
    deps,
    user,
    input,
    {
      insert: async (tx, { slot, plan, athlete, now }) => {
        const { row, spend } = await creditSeatRow(tx, {
          slot,
          plan,
          studentId: user.id,
          familyId: athlete.familyId,
          athleteId: athlete.id,
          notes: input.notes,
          now,
        });
        made = await detailsRepo.insertBookingWithDetails(tx, row, now);
        const { booking } = made.details;
        notices = bookingConfirmation(
          deps,
          toApiBooking(made.details, true, deps.clock.now()),
          { family: made.audience.emails, coach: made.details.coachUser.email },
          made.details.coach.timeZone,
        );
        const outbox = notices.inTransaction;
        return {
          booking,
          alongside: [spendCreditStatement(tx, spend, booking.id, now), ...(outbox ? [outbox.statement] : [])],
          answer: {
            of: (alongside, availability) =>
              sql`json_build_object('isAvailable', (select a.is_available from ${availability} a), 'claimed', ${outbox ? outbox.claimedOf(present(alongside[1], "the notices' write")) : sql`null`})`,
            take: (value) => (written = (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as typeof written),
          },
        };
      },
      // The answer is made of the details the insert read, with the slot as its last statement left it.
      answer: async () => {
        const { details } = present(made, "the booking just made");
        const slot = typeof written.isAvailable === "boolean" ? { ...details.slot, isAvailable: written.isAvailable } : details.slot;
        return bookerViewOf(deps, { ...details, slot });
      },
    },
    read,
  );
  await present(notices, "the booking's confirmation").deliver(written.claimed);
  return answer;
}

/**
 * Inside the caller's transaction, holding the slot's lock, after the caller found a seat free for
 * the athlete (holdsRepo.expireAndCountSeats): the credit, the booking and its redeem row. The
 * caller refreshes the slot's availability after.
 */
export async function insertCreditBooking(tx: Tx, values: Parameters<typeof creditSeatRow>[1]): Promise<repo.BookingRow> {
  const { row, spend } = await creditSeatRow(tx, values);
  const booking = await holdsRepo.insertBooking(tx, row);
  await tx.execute(spendCreditStatement(tx, spend, booking.id, values.now));
  return booking;
}

/** The credit chosen under the purchases' lock, and the row of the booking it pays. */
async function creditSeatRow(
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
): Promise<{ row: repo.NewBookingRow; spend: CreditSpend }> {
  const { slot, plan, now } = values;
  const spend = await chooseCredit(tx, {
    familyId: values.familyId,
    coachId: slot.coachId,
    sessionType: plan.rate.sessionType,
    durationMinutes: plan.rate.durationMinutes,
    now,
  });
  return { row: { ...seatOfPlan(values), ...creditPaidBooking(spend, now), createdAt: now }, spend };
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
