import { sendNoticeEmail, sendNoticeSms } from "../notifications/notifications.service";
import { BookingMessages } from "@contract/booking-basics";
import { centsToDecimal } from "@contract/money";
import { PayoutMessages, type AffectedBooking, type CancelSessionResponse } from "@contract/payouts";
import type { AppDeps } from "../../deps";
import { conflict, forbidden, notFound } from "../../http/errors";
import { sessionWhen } from "../../notice-texts/session-text";
import { calendarEvents, publishEvents } from "../../realtime/events";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import * as holdsRepo from "./seat-holds.repository";
import { audienceOfBooking } from "./bookings.service";
import { cancellationInvitation } from "../calendar/calendar.service";
import { scheduleRefund, sendRefund } from "./refunds.service";
import { releaseCredit } from "../credits/credits.service";
import { fullName } from "@contract/names";
import { present } from "../../present";

type Cancelled = { booking: repo.BookingRow; paid: boolean; creditReturned?: boolean };

/**
 * POST /api/bookings/{id}/cancel (the coach cancels the whole session). Every booking of the slot is
 * cancelled, and each paid one's refund recorded, in one transaction; the refunds are asked of the
 * provider after it commits, and the refund sweep retries any that fail, so a booking is never half
 * cancelled and never refunded twice. The coach's reason is kept as written, apart from the code.
 */
export async function cancelSession(deps: AppDeps, user: UserRow, bookingId: number, reason: string): Promise<CancelSessionResponse> {
  const db = deps.database.db;
  const target = await detailsRepo.findBookingDetails(db, bookingId);
  if (!target) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  if (target.coach.userId !== user.id) throw forbidden(PayoutMessages.NOT_YOUR_BOOKING);
  const now = deps.clock.now();
  requireCancellable(target.booking, now);

  const cancelled = await db.transaction(async (tx): Promise<Cancelled[]> => {
    await holdsRepo.lockSlot(tx, target.booking.timeSlotId);
    const locked = await repo.lockBooking(tx, bookingId);
    // It may have changed while we waited for the lock (cancelled twice, completed meanwhile).
    if (!locked) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
    requireCancellable(locked, now);
    const result: Cancelled[] = [];
    for (const booking of await repo.lockActiveBookingsOfSlot(tx, locked.timeSlotId)) {
      const paid = booking.paymentStatus === "completed" && booking.paymentIntentId !== null;
      const row = await repo.cancelBooking(tx, booking.id, { code: "coach_cancelled", paid, reason, now });
      if (!row) continue;
      // DESIGN.md 11: a session paid with a credit gives the credit back, not money.
      if (booking.packagePurchaseId !== null && (await releaseCredit(tx, booking.id, now))) {
        result.push({ booking: row, paid: false, creditReturned: true });
        continue;
      }
      if (paid) {
        await scheduleRefund(
          tx,
          {
            bookingId: row.id,
            paymentIntentId: present(row.paymentIntentId, "the payment of a paid booking"),
            amountCents: row.totalCents,
            reason: "coach_cancelled",
          },
          now,
        );
      }
      result.push({ booking: row, paid });
    }
    await repo.closeSlot(tx, locked.timeSlotId, now);
    return result;
  });

  const refundStatus = new Map<number, AffectedBooking["refundStatus"]>();
  for (const { booking, paid, creditReturned } of cancelled) {
    if (creditReturned) {
      refundStatus.set(booking.id, "credit_returned");
    } else if (paid) {
      refundStatus.set(
        booking.id,
        (await sendRefund(deps, present(booking.paymentIntentId, "the payment of a paid booking"), booking.id)) === "sent"
          ? "refunded"
          : "pending",
      );
    } else {
      refundStatus.set(booking.id, "not_charged");
      if (booking.paymentIntentId) await cancelUnpaidIntent(deps, booking.id, booking.paymentIntentId);
    }
  }

  const people = await detailsRepo.findBookingsDetails(
    db,
    cancelled.map((c) => c.booking.id),
  );
  for (const details of people) await notifyCancelled(deps, details, reason, refundStatus.get(details.booking.id) ?? "pending");
  await publishEvents(deps, [
    ...people.map((d) => calendarEvents.bookingUpdated(d.booking)),
    calendarEvents.availabilityUpdated(target.booking.coachId),
  ]);

  return {
    success: true,
    message: PayoutMessages.CANCELLED,
    cancellation: {
      reason,
      affectedBookings: people.map((d) => {
        const status = refundStatus.get(d.booking.id) ?? "pending";
        return {
          bookingId: d.booking.id,
          studentId: d.booking.studentId,
          studentName: fullName(d.student) || "Student",
          refundAmount: centsToDecimal(status === "not_charged" || status === "credit_returned" ? 0 : d.booking.totalCents),
          refundStatus: status,
        };
      }),
    },
  };
}

function requireCancellable(booking: repo.BookingRow, now: Date): void {
  if (booking.status !== "confirmed" || booking.paymentStatus !== "completed") throw conflict(PayoutMessages.ONLY_CONFIRMED_PAID);
  // The button hides too, but the rule is the server's: a session under way is played or completed, not refunded.
  if (booking.startsAt.getTime() <= now.getTime()) throw conflict(PayoutMessages.ALREADY_STARTED);
}

export async function cancelUnpaidIntent(deps: AppDeps, bookingId: number, paymentIntentId: string): Promise<void> {
  try {
    await deps.payments.cancelPaymentIntent(paymentIntentId);
  } catch (err) {
    // If the student pays it anyway, the payment's settlement sees the booking cancelled and refunds it.
    deps.logger.warn({ err, bookingId }, "could not cancel the payment intent of a cancelled booking");
  }
}

async function notifyCancelled(
  deps: AppDeps,
  details: detailsRepo.BookingDetails,
  reason: string,
  status: AffectedBooking["refundStatus"],
): Promise<void> {
  const { booking, coach, student } = details;
  // Mid-sentence, a coach without a name is "your coach".
  const coachName = fullName(details.coachUser) || "your coach";
  const when = sessionWhen(booking.startsAt, booking.endsAt, coach.timeZone);
  const money =
    status === "credit_returned"
      ? "Your package credit is back in your balance."
      : status === "not_charged"
        ? "You were not charged."
        : `You will be refunded $${centsToDecimal(booking.totalCents)} in full.`;
  const text = `Your session with ${coachName} on ${when.date} at ${when.time} was cancelled by the coach: ${reason}. ${money}`;

  // Texts only to those who agreed to them: every guardian (and a minor's parent), each by their own opt-in.
  const { emails, phones } = await audienceOfBooking(deps, details);
  if (phones.length === 0) deps.logger.info({ bookingId: booking.id, studentId: student.id }, "no opted-in phone for the cancellation SMS");
  for (const phone of phones) {
    try {
      await sendNoticeSms(deps, "booking", phone, text);
    } catch (err) {
      deps.logger.error({ err, bookingId: booking.id }, "could not send the cancellation SMS");
    }
  }
  for (const to of emails) {
    try {
      await sendNoticeEmail(
        deps,
        "booking",
        {
          calendar: await cancellationInvitation(deps, booking.id, "student"),
          to,
          subject: `Session cancelled: ${coachName} on ${when.date}`,
          text: [text, "", `Find another session: ${deps.config.appUrl}/find-coaches`].join("\n"),
        },
        { url: "/my-bookings", title: "Session cancelled" },
      );
    } catch (err) {
      deps.logger.error({ err, bookingId: booking.id }, "could not send the cancellation e-mail");
    }
  }
}
