import { releaseCredit } from "../credits/credits.service";
import { BookingMessages } from "@contract/booking-basics";
import { centsToDecimal } from "@contract/money";
import { ProgressMessages, type NoShowResponse, type ReverseNoShowResponse } from "@contract/progress";
import { NO_SHOW_PAYOUT_WAIT_HOURS, noShowPayoutDueAt, noShowWindow } from "@contract/progress-basics";
import { idempotencyKeys } from "../../adapters/payments/idempotency-keys";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import { sessionWhen } from "../../notice-texts/session-text";
import { calendarEvents, publishEvents } from "../../realtime/events";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import { audienceOfBooking, coachNameOf } from "./bookings.service";
import { scheduleRefund, sendRefund } from "./refunds.service";
import { present } from "../../present";
import { NO_SHOW_MESSAGE_PREFIX } from "@contract/message-basics";
import { postNoShowToFamily } from "../messages/messages.service";

/**
 * POST /api/bookings/{id}/no-show (DESIGN.md 11, 12): the coach of a paid session without feedback
 * (confirmed, or completed once its end passed) marks the athlete absent, from 15 minutes after the
 * session's start to 48 hours after its end. No refund; the note stands for feedback. The payout
 * waits 24 hours for the family's answer (an admin may reverse the no-show meanwhile, which cancels
 * it), then the payout sweep sends it through the one exactly-once path (releasePayout), unless the
 * charge is disputed or the family disputed the no-show in messages and no admin has decided yet. The family is told by e-mail with the note. Another coach's or a missing
 * booking answers 404.
 */
export async function markNoShow(deps: AppDeps, user: UserRow, bookingId: number, note: string): Promise<NoShowResponse> {
  const db = deps.database.db;
  const target = await detailsRepo.findBookingDetails(db, bookingId);
  if (!target || target.coach.userId !== user.id) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  const now = deps.clock.now();
  requireNoShowAllowed(target.booking, now);

  const marked = await db.transaction(async (tx) => {
    const locked = await repo.lockBooking(tx, bookingId);
    if (!locked) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
    // It may have changed while we waited (marked twice at once, feedback given meanwhile).
    requireNoShowAllowed(locked, now);
    const row = await repo.markNoShow(tx, bookingId, { note, now, payoutDueAt: noShowPayoutDueAt(now) });
    if (!row) throw conflict(ProgressMessages.NO_SHOW_ALREADY);
    return row;
  });

  await tellFamilyOfNoShow(deps, target, note);
  await publishEvents(deps, [calendarEvents.bookingUpdated(marked)]);
  return {
    success: true,
    message: ProgressMessages.NO_SHOW_MARKED,
    booking: { id: bookingId, status: "no_show", noShowAt: now.toISOString(), payoutStatus: "pending" },
  };
}

function requireNoShowAllowed(booking: repo.BookingRow, now: Date): void {
  if (booking.status === "no_show") throw conflict(ProgressMessages.NO_SHOW_ALREADY);
  if (booking.status === "cancelled") throw conflict(ProgressMessages.NO_SHOW_CANCELLED);
  if (booking.feedbackSubmittedAt) throw conflict(ProgressMessages.NO_SHOW_FEEDBACK_GIVEN);
  if (booking.paymentStatus !== "completed" || (booking.status !== "confirmed" && booking.status !== "completed")) {
    throw conflict(ProgressMessages.NO_SHOW_NOT_PAID);
  }
  const window = noShowWindow(booking.startsAt, booking.endsAt, now);
  if (window === "too_early") throw conflict(ProgressMessages.NO_SHOW_TOO_EARLY);
  if (window === "too_late") throw conflict(ProgressMessages.NO_SHOW_TOO_LATE);
}

async function tellFamilyOfNoShow(deps: AppDeps, details: detailsRepo.BookingDetails, note: string): Promise<void> {
  const { booking, coach } = details;
  const coachName = coachNameOf(details);
  const when = sessionWhen(booking.startsAt, booking.endsAt, coach.timeZone);
  try {
    // Every guardian of the athlete's family gets the coach's note (DESIGN.md 11).
    for (const to of (await audienceOfBooking(deps, details)).emails) {
      await deps.mailer.send({
        to,
        subject: `Missed session: ${coachName} on ${when.date}`,
        text: [
          `${coachName} marked your session of ${when.date} at ${when.time} as a no-show, with this note:`,
          "",
          note,
          "",
          `Under the no-show policy the session is not refunded. If you think this is a mistake, reply to your coach in messages or write to support within ${NO_SHOW_PAYOUT_WAIT_HOURS} hours; after that the coach is paid for the session.`,
          "",
          `Your bookings: ${deps.config.appUrl}/my-bookings`,
        ].join("\n"),
      });
    }
  } catch (err) {
    deps.logger.error({ err, bookingId: booking.id }, "could not send the no-show e-mail");
  }
  // DESIGN.md 12: the no-show and its note in the family's thread with the coach, to answer or dispute there.
  if (!details.athlete) return;
  try {
    const athlete = [details.athlete.firstName, details.athlete.lastName].filter(Boolean).join(" ");
    await postNoShowToFamily(deps, {
      coachId: coach.id,
      coachUserId: coach.userId,
      familyId: details.athlete.familyId,
      bookingId: booking.id,
      body: `${NO_SHOW_MESSAGE_PREFIX}${athlete}'s session of ${when.date} at ${when.time} was marked as a no-show. ${note}`,
    });
  } catch (err) {
    deps.logger.error({ err, bookingId: booking.id }, "could not post the no-show in messages");
  }
}

/**
 * POST /api/admin/bookings/{id}/reverse-no-show: an admin undoes a no-show. The family is refunded
 * in full through the refund module; the coach's payout is cancelled if it was not sent yet, taken
 * back by a transfer reversal if it was, or, when the provider cannot take it back, recorded as
 * owed by the coach (payout status "owed", for the money issues). Calling it again on a reversed
 * no-show whose clawback did not finish tries the clawback again.
 */
export async function reverseNoShow(deps: AppDeps, bookingId: number): Promise<ReverseNoShowResponse> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const reversed = await db.transaction(async (tx) => {
    const locked = await repo.lockBooking(tx, bookingId);
    if (!locked) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
    if (locked.status === "cancelled" && locked.cancelCode === "no_show_reversed") return { row: locked, fresh: false };
    if (locked.status !== "no_show") throw conflict(ProgressMessages.NOT_A_NO_SHOW);
    // A transfer in flight may or may not have moved the money: settle it first.
    if (locked.payoutStatus === "pending" && locked.payoutStartedAt !== null) throw conflict(ProgressMessages.PAYOUT_IN_FLIGHT);
    const row = await repo.reverseNoShow(tx, bookingId, { now, cancelPayout: locked.payoutStatus === "pending" });
    if (!row) throw conflict(ProgressMessages.NOT_A_NO_SHOW);
    // A session paid with a package credit gets its credit back, as a valid cancellation does (DESIGN.md 11).
    if (row.packagePurchaseId !== null) await releaseCredit(tx, bookingId, now);
    else if (row.paymentIntentId) {
      await scheduleRefund(
        tx,
        { bookingId, paymentIntentId: row.paymentIntentId, amountCents: row.totalCents, reason: "no_show_reversed" },
        now,
      );
    }
    return { row, fresh: true };
  });

  const refundState = reversed.row.paymentIntentId ? await sendRefund(deps, reversed.row.paymentIntentId, bookingId) : "sent";
  const payout = await clawBackPayout(deps, reversed.row, reversed.fresh);
  const after = present(await detailsRepo.findBookingDetails(db, bookingId), "the booking just reversed");
  if (reversed.fresh) await tellFamilyOfReversal(deps, after);
  await publishEvents(deps, [calendarEvents.bookingUpdated(after.booking)]);
  return {
    success: true,
    message: ProgressMessages.NO_SHOW_REVERSED,
    booking: { id: bookingId, status: "cancelled", paymentStatus: after.booking.paymentStatus },
    refund: { amount: centsToDecimal(after.booking.totalCents), status: refundState === "sent" ? "refunded" : refundState },
    payout,
  };
}

async function clawBackPayout(deps: AppDeps, row: repo.BookingRow, fresh: boolean): Promise<ReverseNoShowResponse["payout"]> {
  if (row.payoutStatus === "none") return fresh ? "cancelled" : "none";
  if (row.payoutStatus === "reversed") return "reversed";
  // "owed": an earlier clawback failed; this call tries it again (same idempotency key, so at most one reversal).
  if ((row.payoutStatus !== "paid" && row.payoutStatus !== "owed") || !row.transferId) return "none";
  const now = deps.clock.now();
  try {
    await deps.payments.reverseTransfer({
      transferId: row.transferId,
      idempotencyKey: idempotencyKeys.payoutReversal(row.id),
      metadata: { bookingId: String(row.id) },
    });
    await repo.settleReversedPayout(deps.database.db, row.id, { outcome: "reversed", error: null, now });
    return "reversed";
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    deps.logger.error({ err, bookingId: row.id }, "could not reverse the payout of a reversed no-show; recorded as owed by the coach");
    await repo.settleReversedPayout(deps.database.db, row.id, { outcome: "owed", error, now });
    return "owed";
  }
}

async function tellFamilyOfReversal(deps: AppDeps, details: detailsRepo.BookingDetails): Promise<void> {
  const { booking, coach } = details;
  const when = sessionWhen(booking.startsAt, booking.endsAt, coach.timeZone);
  try {
    for (const to of (await audienceOfBooking(deps, details)).emails) {
      await deps.mailer.send({
        to,
        subject: `No-show reversed: ${coachNameOf(details)} on ${when.date}`,
        text: [
          `The no-show of your session of ${when.date} at ${when.time} was reversed by our support team.`,
          `You will be refunded $${centsToDecimal(booking.totalCents)} in full.`,
          "",
          `Your bookings: ${deps.config.appUrl}/my-bookings`,
        ].join("\n"),
      });
    }
  } catch (err) {
    deps.logger.error({ err, bookingId: booking.id }, "could not send the no-show reversal e-mail");
  }
}
