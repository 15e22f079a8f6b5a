import { sendNoticeEmail, sendNoticeSms } from "../notifications/notifications.service";
import { StudentCancelMessages, type Booking } from "@contract/bookings";
import { BookingMessages, canCancelForRefund } from "@contract/booking-basics";
import { CANCEL_RULE_TEXT } from "@contract/calendar";
import { centsToDecimal } from "@contract/money";
import type { AppDeps } from "../../deps";
import { conflict, forbidden, notFound } from "../../http/errors";
import { calendarEvents, publishEvents } from "../../realtime/events";
import type { UserRow } from "../accounts/sessions.repository";
import { cancellationInvitation } from "../calendar/calendar.service";
import { sessionStartText } from "../calendar/session-events";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import * as holdsRepo from "./seat-holds.repository";
import { audienceOfBooking, isFamilyBooking, toApiBooking } from "./bookings.service";
import { cancelUnpaidIntent } from "./cancel-session.service";
import { scheduleRefund, sendRefund } from "./refunds.service";
import { releaseCredit } from "../credits/credits.service";
import { fullName } from "@contract/names";
import { present } from "../../present";

export type CancelOwnBookingResponse = { success: true; message: string; booking: Booking };

/**
 * DELETE /api/bookings/{id}: the student cancels their own booking (DESIGN.md 10). An unpaid hold
 * is released; a confirmed booking starting 24 hours or more ahead is cancelled with a full refund
 * through the refund module, its seat freed and the coach told; later than that it is refused with
 * the policy. The decision and the refund's record are one transaction under the slot's lock.
 */
export async function cancelOwnBooking(deps: AppDeps, user: UserRow, bookingId: number): Promise<CancelOwnBookingResponse> {
  const db = deps.database.db;
  const before = await repo.findBooking(db, bookingId);
  if (!before) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  if (!(await isFamilyBooking(deps, user.id, before))) {
    // A coach or admin who can see the booking learns why; anyone else learns nothing about it.
    const coachId = await repo.findCoachIdOfUser(db, user.id);
    if (coachId === before.coachId || user.userType === "admin") throw forbidden(StudentCancelMessages.ONLY_STUDENT);
    throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  }

  const now = deps.clock.now();
  const { row, refunded, creditReturned } = await db.transaction(
    async (tx): Promise<{ row: repo.BookingRow; refunded: boolean; creditReturned: boolean }> => {
      await holdsRepo.lockSlot(tx, before.timeSlotId);
      const booking = await repo.lockBooking(tx, bookingId);
      if (!booking) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
      if (booking.status === "pending") {
        const cancelled = await repo.cancelBooking(tx, booking.id, { code: "student_cancelled", paid: false, reason: null, now });
        await holdsRepo.refreshSlotAvailability(tx, booking.timeSlotId, now);
        return { row: present(cancelled, "the booking just cancelled"), refunded: false, creditReturned: false };
      }
      const paidWithCredit = booking.packagePurchaseId !== null;
      if (booking.status !== "confirmed" || booking.paymentStatus !== "completed" || (!booking.paymentIntentId && !paidWithCredit)) {
        throw conflict(StudentCancelMessages.NOT_CANCELLABLE);
      }
      if (!canCancelForRefund(booking.startsAt, now)) throw conflict(StudentCancelMessages.TOO_LATE);
      if (paidWithCredit) {
        // DESIGN.md 11: a session paid with a credit gives the credit back, not money.
        const cancelled = await repo.cancelBooking(tx, booking.id, { code: "student_cancelled", paid: false, reason: null, now });
        await releaseCredit(tx, booking.id, now);
        await holdsRepo.refreshSlotAvailability(tx, booking.timeSlotId, now);
        return { row: present(cancelled, "the booking just cancelled"), refunded: false, creditReturned: true };
      }
      const cancelled = await repo.cancelBooking(tx, booking.id, { code: "student_cancelled", paid: true, reason: null, now });
      await scheduleRefund(
        tx,
        {
          bookingId: booking.id,
          paymentIntentId: present(booking.paymentIntentId, "the payment of a booking paid by card"),
          amountCents: booking.totalCents,
          reason: "student_cancelled",
        },
        now,
      );
      await holdsRepo.refreshSlotAvailability(tx, booking.timeSlotId, now);
      return { row: present(cancelled, "the booking just cancelled"), refunded: true, creditReturned: false };
    },
  );

  if (refunded) await sendRefund(deps, present(row.paymentIntentId, "the payment being refunded"), row.id);
  else if (row.paymentIntentId) await cancelUnpaidIntent(deps, row.id, row.paymentIntentId);
  await publishEvents(deps, [calendarEvents.bookingUpdated(row), calendarEvents.availabilityUpdated(row.coachId)]);

  const details = present(await detailsRepo.findBookingDetails(db, bookingId), "the booking just cancelled");
  if (refunded || creditReturned) await notifyStudentCancelled(deps, details, creditReturned);
  return {
    success: true,
    message: creditReturned
      ? StudentCancelMessages.CANCELLED_CREDIT_RETURNED
      : refunded
        ? StudentCancelMessages.CANCELLED_REFUNDED
        : StudentCancelMessages.CANCELLED_PENDING,
    booking: toApiBooking(details, false, deps.clock.now()),
  };
}

/** The coach hears of it (e-mail with the cancelling .ics, SMS where opted in); the student gets the receipt. */
async function notifyStudentCancelled(deps: AppDeps, details: detailsRepo.BookingDetails, creditReturned: boolean): Promise<void> {
  const { booking, coach, student, coachUser, athlete } = details;
  const athleteName = fullName(athlete) || fullName(student) || "A player";
  const when = sessionStartText(booking.startsAt, coach.timeZone);
  const coachText = `${athleteName} cancelled their booking of your session on ${when}. Their seat is open again.`;
  const send = async (what: string, job: () => Promise<void>) => {
    try {
      await job();
    } catch (err) {
      deps.logger.error({ err, bookingId: booking.id }, `could not send the ${what}`);
    }
  };
  await send("cancellation e-mail to the coach", async () =>
    sendNoticeEmail(
      deps,
      "booking",
      {
        to: coachUser.email,
        subject: `Booking cancelled: ${athleteName} on ${when}`,
        text: [coachText, "", `Your dashboard: ${deps.config.appUrl}/coach-dashboard`].join("\n"),
        calendar: await cancellationInvitation(deps, booking.id, "coach"),
      },
      { url: "/coach-dashboard", title: "Booking cancelled" },
    ),
  );
  const coachContact = await repo.findUserContact(deps.database.db, coach.userId);
  const coachPhone = coachContact?.smsOptIn ? coachContact.phoneNumber : null;
  if (coachPhone) {
    await send("cancellation SMS to the coach", () => sendNoticeSms(deps, "booking", coachPhone, coachText));
  }
  for (const to of (await audienceOfBooking(deps, details)).emails) {
    await send("cancellation e-mail to the family", async () =>
      sendNoticeEmail(
        deps,
        "booking",
        {
          to,
          subject: `Booking cancelled: ${details.coachUser.firstName ?? "your coach"} on ${when}`,
          text: [
            creditReturned
              ? `Your session on ${when} is cancelled. The package credit it used is back in your balance.`
              : `Your session on ${when} is cancelled. $${centsToDecimal(booking.totalCents)} will be refunded to your card in full.`,
            "",
            CANCEL_RULE_TEXT,
            `Find another session: ${deps.config.appUrl}/find-coaches`,
          ].join("\n"),
          calendar: await cancellationInvitation(deps, booking.id, "student"),
        },
        { url: "/my-bookings", title: "Booking cancelled" },
      ),
    );
  }
}
