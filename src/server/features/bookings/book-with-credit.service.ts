import type { Booking, ParsedBookingRequest } from "@contract/bookings";
import { sql } from "drizzle-orm";
import { present } from "../../present";
import type { AppDeps } from "../../deps";
import { boundTo, type Tx } from "../../db/client";
import type { UserRow } from "../accounts/sessions.repository";
import { audienceOfBooking, bookerViewOf, toApiBooking } from "./bookings.service";
import { bookingConfirmation, sendBookingConfirmedEmails } from "./booking-emails";
import { chooseCredit, creditPaidBooking, spendCreditStatement, type CreditSpend } from "../credits/credits.service";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import * as holdsRepo from "./seat-holds.repository";
import {
  checkBeforeLocking,
  lockSeat,
  publishSeat,
  refuseDuplicateBooking,
  seatAthlete,
  seatOfPlan,
  type BookingPlan,
  type FirstAthletePreRead,
  type LockedSeat,
} from "./booking-plan";
import { cancelExpiredIntents } from "./booking-sweeps.service";

/**
 * A seat paid with a credit: the seat check, the credit's choice, the confirmed booking and the
 * ledger's redeem row are one transaction under the slot's lock, then the purchase's (so never a
 * seat without a credit, never a credit spent twice). The booking carries the credit's share of the
 * package's price and fee as its money; the coach earns the price share after feedback. The
 * booking's details (the answer's and the e-mails') are read by its insert, and the confirmation
 * e-mails' outbox rows written with the transaction's last statement (issue 46: ten statements in
 * all); they are delivered after the commit. From the athlete's read to the commit the booking
 * keeps one connection (Database.withConnection, as createPendingBooking does).
 */
export async function bookWithCredit(
  deps: AppDeps,
  user: UserRow,
  input: ParsedBookingRequest,
  read?: FirstAthletePreRead,
): Promise<Booking> {
  const checked = await checkBeforeLocking(deps, user, input, read);
  const { details, written, notices, expired, announce } = await deps.database.withConnection(async (db) => {
    const athlete = await seatAthlete({ ...deps, database: boundTo(deps.database, db) }, user, input, checked);
    return db
      .transaction(async (tx) => {
        const seat = await lockSeat(tx, input, checked, athlete);
        return { ...(await insertCreditSeat(deps, tx, user, input, seat)), expired: seat.expired };
      })
      .catch(refuseDuplicateBooking);
  });
  announce();
  // The answer is made of the details the insert read, with the slot as the last statement left it.
  const slot = typeof written.isAvailable === "boolean" ? { ...details.slot, isAvailable: written.isAvailable } : details.slot;
  const answer = bookerViewOf(deps, { ...details, slot });
  await cancelExpiredIntents(deps, expired);
  await notices.deliver(written.claimed);
  return answer;
}

/**
 * Inside bookWithCredit's transaction, once lockSeat found the seat free: the credit and the
 * booking's row (creditSeatRow), the booking written with its details read back, and the
 * transaction's last statement (publishSeat) with the redeem row and the confirmation's outbox
 * rows, which reads back the slot's availability and the outbox rows claimed for delivery.
 */
async function insertCreditSeat(deps: AppDeps, tx: Tx, user: UserRow, input: ParsedBookingRequest, seat: LockedSeat) {
  const { athlete, now } = seat;
  const { row, spend } = await creditSeatRow(tx, {
    ...seat,
    studentId: user.id,
    familyId: athlete.familyId,
    athleteId: athlete.id,
    notes: input.notes,
  });
  const { details, audience } = await detailsRepo.insertBookingWithDetails(tx, row, now);
  const notices = bookingConfirmation(
    deps,
    toApiBooking(details, true, deps.clock.now()),
    { family: audience.emails, coach: details.coachUser.email },
    details.coach.timeZone,
  );
  const outbox = notices.inTransaction;
  let written: { isAvailable?: boolean; claimed?: unknown } = {};
  const announce = await publishSeat(deps, tx, seat, details.booking, {
    statements: [spendCreditStatement(tx, spend, details.booking.id, now), ...(outbox ? [outbox.statement] : [])],
    answer: {
      of: ([availability, , claimed]) =>
        sql`json_build_object('isAvailable', (select a.is_available from ${present(availability, "the availability's write")} a), 'claimed', ${outbox ? outbox.claimedOf(present(claimed, "the notices' write")) : sql`null`})`,
      take: (value) => (written = (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as typeof written),
    },
  });
  return { details, written, notices, announce };
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
