import { BookingMessages } from "@contract/booking-basics";
import type { RefundedInFull, SucceededIntent } from "../../adapters/payments/provider";
import { coachEarningsCents, totalCents } from "@contract/money";
import type { RefundReason } from "../../db/schema/index";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "@contract/error-basics";
import { notFound, refused } from "../../http/errors";
import { calendarEvents, publishEvents } from "../../realtime/events";
import { bookingConfirmation, type BookingConfirmation } from "./booking-emails";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import * as holdsRepo from "./seat-holds.repository";
import { toApiBooking } from "./bookings.service";
import { scheduleRefund, sendRefund } from "./refunds.service";
import { present } from "../../present";

/** A pending booking can be paid while its hold lasts; refuses otherwise with the message the checkout shows. */
export function requirePayable(booking: repo.BookingRow, now: Date): void {
  if (booking.status === "confirmed" || booking.status === "completed" || booking.paymentStatus === "completed") {
    throw refused(ErrorCode.ALREADY_PAID, BookingMessages.ALREADY_PAID);
  }
  if (booking.status === "cancelled") {
    throw booking.cancelCode === "hold_expired"
      ? refused(ErrorCode.HOLD_EXPIRED, BookingMessages.HOLD_EXPIRED)
      : refused(ErrorCode.NOT_PAYABLE, BookingMessages.NOT_PAYABLE);
  }
  if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw refused(ErrorCode.HOLD_EXPIRED, BookingMessages.HOLD_EXPIRED);
}

export async function attachPaymentIntent(deps: AppDeps, bookingId: number, paymentIntentId: string): Promise<void> {
  await repo.attachPaymentIntent(deps.database.db, bookingId, paymentIntentId, deps.clock.now());
}

/** Stores a new tip (and the total and earnings that follow) on a booking still waiting for payment. */
export async function setTip(deps: AppDeps, booking: repo.BookingRow, tipCents: number): Promise<repo.BookingRow> {
  const updated = await repo.setTipIfPayable(
    deps.database.db,
    booking.id,
    { tipCents, totalCents: totalCents(booking.rateCents, tipCents), coachEarningsCents: coachEarningsCents(booking.rateCents, tipCents) },
    deps.clock.now(),
  );
  if (!updated) throw refused(ErrorCode.ALREADY_PAID, BookingMessages.ALREADY_PAID);
  return updated;
}

export async function recordPaymentFailed(deps: AppDeps, paymentIntentId: string): Promise<void> {
  const row = await repo.markPaymentFailed(deps.database.db, paymentIntentId, deps.clock.now());
  if (row) await publishEvents(deps, [calendarEvents.bookingUpdated(row)]);
}

export async function recordPaymentProcessing(deps: AppDeps, bookingId: number): Promise<void> {
  await repo.markPaymentProcessing(deps.database.db, bookingId, deps.clock.now());
}

export type SettleOutcome =
  /** This call confirmed the booking (e-mails and event sent). */
  | { kind: "confirmed"; bookingId: number }
  /** Already confirmed, completed, or its money already recorded: nothing to do. */
  | { kind: "unchanged"; bookingId: number }
  /** Paid, but the booking cannot be honoured (or was paid twice): this payment is being refunded in full. */
  | ({ bookingId: number } & RefundedInFull);

/**
 * A payment of the booking succeeded (the client's confirm call, the webhook, the simulated card
 * form or a sweep, in any order, any number of times). Confirms the booking once. The money
 * recorded is the amount actually charged, so a tip changed while paying cannot leave the books
 * wrong. Never keeps money for a booking it cannot honour (DESIGN.md 10): a payment for a
 * cancelled slot, a cancelled booking, a seat that is gone or a session that has started, or a
 * second payment of a paid booking, is refunded in full through the refund module.
 */
export async function settlePaidBooking(
  deps: AppDeps,
  bookingId: number,
  intent: SucceededIntent,
  /** The booking's row as the caller just read it (outside any lock, as this would), so it is not read again. */
  read?: repo.BookingRow,
): Promise<SettleOutcome> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const before = read?.id === bookingId ? read : await repo.findBooking(db, bookingId);
  if (!before) throw notFound(BookingMessages.BOOKING_NOT_FOUND);

  let announce = () => {};
  let confirmation: BookingConfirmation | undefined;
  let claimed: unknown;
  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    // Slot first, then booking: the lock order of booking and of the sweeps. The booking's lock
    // reads its details and audience too (the confirmation e-mails', if it is confirmed).
    const slot = present(await holdsRepo.lockSlot(tx, before.timeSlotId), "the slot of the booking");
    const locked = present(await detailsRepo.lockBookingWithDetails(tx, bookingId, now), "the booking found above");
    const booking = locked.details.booking;

    const giveBack = async (reason: RefundReason): Promise<SettleOutcome> => {
      await scheduleRefund(tx, { bookingId, paymentIntentId: intent.id, amountCents: intent.amountCents, reason }, now);
      return { kind: "refunded", bookingId, paymentIntentId: intent.id, refund: "pending" };
    };
    const isPaid = booking.status === "confirmed" || booking.status === "completed" || booking.paymentStatus === "completed";
    const moneyRecorded = isPaid || booking.paymentStatus === "refund_pending" || booking.paymentStatus === "refunded";

    if (booking.paymentIntentId && booking.paymentIntentId !== intent.id && moneyRecorded) {
      // Another payment of this booking was already taken (or is being given back): this one goes back.
      return giveBack("duplicate_payment");
    }
    if (moneyRecorded) return { kind: "unchanged", bookingId };

    // This payment cannot buy the session: the booking ends cancelled and the payment goes back.
    const cancelAndGiveBack = async (reason: RefundReason): Promise<SettleOutcome> => {
      await repo.updateBooking(tx, bookingId, {
        status: "cancelled",
        cancelCode: booking.cancelCode ?? "not_honoured",
        paymentStatus: "refund_pending",
        paymentIntentId: intent.id,
        holdExpiresAt: null,
        cancelledAt: booking.cancelledAt ?? now,
        updatedAt: now,
      });
      await holdsRepo.refreshSlotAvailability(tx, slot.id, now);
      return giveBack(reason);
    };

    const baseCents = booking.rateCents + booking.platformFeeCents;
    // Prices are dollars: a payment in another currency buys nothing, whatever its amount.
    if (intent.currency !== undefined && intent.currency.toLowerCase() !== "usd") return cancelAndGiveBack("amount_mismatch");
    if (intent.amountCents < baseCents) return cancelAndGiveBack("amount_mismatch");
    // A session the coach cancelled never happens, whatever the seats say.
    if (slot.cancelledAt) return cancelAndGiveBack("not_honoured");
    // Only a hold that ran out may still be taken up by its payment; any other cancellation stands.
    if (booking.status === "cancelled" && booking.cancelCode !== "hold_expired") return cancelAndGiveBack("not_honoured");
    if (booking.startsAt <= now) return cancelAndGiveBack("not_honoured");

    const holdActive = booking.status === "pending" && booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
    if (!holdActive) {
      // A slot without seats held may have been moved or changed kind since: the payment bought the
      // time and kind the booking shows, so it stands only if the slot still offers them.
      const kind = slot.isGroup ? "group" : "individual";
      if (booking.startsAt < slot.startsAt || booking.endsAt > slot.endsAt || booking.sessionType !== kind) {
        return cancelAndGiveBack("not_honoured");
      }
      const seatFree = (await holdsRepo.countHeldSeats(tx, slot.id, now, bookingId)) < slot.capacity;
      const otherActive = await holdsRepo.hasActiveBooking(tx, slot.id, booking.athleteId, bookingId);
      if (!seatFree || otherActive) return cancelAndGiveBack("not_honoured");
    }

    const tipCents = intent.amountCents - baseCents;
    const paid = {
      status: "confirmed" as const,
      paymentStatus: "completed" as const,
      paymentIntentId: intent.id,
      tipCents,
      totalCents: intent.amountCents,
      coachEarningsCents: coachEarningsCents(booking.rateCents, tipCents),
      holdExpiresAt: null,
      confirmedAt: now,
      cancelledAt: null,
      cancelCode: null,
      cancellationReason: null,
      updatedAt: now,
    };
    // The row as the update leaves it (every column it sets is given here).
    const confirmed: repo.BookingRow = { ...booking, ...paid };
    const details = { ...locked.details, booking: confirmed };
    confirmation = bookingConfirmation(
      deps,
      toApiBooking(details, true, deps.clock.now()),
      { family: locked.audience.emails, coach: details.coachUser.email },
      details.coach.timeZone,
    );
    const outbox = confirmation.inTransaction;
    // The booking's confirmation, the slot's availability (counting the seat the confirmation
    // takes, which the statement's snapshot does not show), the e-mails' outbox rows and the
    // calendar's events in one statement; the events go out at the commit.
    announce = await deps.events.publishWithStatements(
      tx,
      [
        repo.updateBookingStatement(tx, bookingId, paid),
        holdsRepo.slotAvailabilityStatement(tx, slot.id, now, bookingId),
        ...(outbox ? [outbox.statement] : []),
      ],
      [calendarEvents.bookingUpdated(confirmed), calendarEvents.availabilityUpdated(booking.coachId)],
      outbox && { of: (written) => outbox.claimedOf(present(written[2], "the notices' write")), take: (value) => (claimed = value) },
    );
    return { kind: "confirmed", bookingId };
  });
  announce();

  if (outcome.kind === "refunded") {
    const row = await repo.findBooking(db, bookingId);
    if (row) await publishEvents(deps, [calendarEvents.bookingUpdated(row), calendarEvents.availabilityUpdated(row.coachId)]);
    return { ...outcome, refund: await sendRefund(deps, outcome.paymentIntentId, bookingId) };
  }
  if (outcome.kind === "confirmed") {
    if (intent.amountCents !== before.totalCents) {
      deps.logger.warn(
        { bookingId, charged: intent.amountCents, expected: before.totalCents },
        "charged amount differs from the booking total; tip adjusted",
      );
    }
    // The booking is confirmed and paid; a lost e-mail must not turn that into an error (deliver logs it).
    await present(confirmation, "the booking's confirmation").deliver(claimed);
  }
  return outcome;
}

/**
 * A payment that succeeded after its booking was cancelled (an expired hold, a cancelled session),
 * found by the late-payment sweep when no webhook told of it: the booking stays cancelled and the
 * money goes back in full through the refund module. Nothing happens when the booking's money is
 * already recorded (confirmed meanwhile, or being refunded).
 */
export async function refundLatePayment(
  deps: AppDeps,
  bookingId: number,
  intent: { id: string; amountCents: number },
): Promise<"sent" | "pending" | "failed" | "unchanged"> {
  const now = deps.clock.now();
  const scheduled = await deps.database.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, bookingId);
    if (!booking || booking.status !== "cancelled") return false;
    const moneyRecorded =
      booking.paymentStatus === "completed" || booking.paymentStatus === "refund_pending" || booking.paymentStatus === "refunded";
    if (moneyRecorded && booking.paymentIntentId === intent.id) return false;
    if (!moneyRecorded) {
      await repo.updateBooking(tx, bookingId, { paymentStatus: "refund_pending", paymentIntentId: intent.id, updatedAt: now });
    }
    await scheduleRefund(
      tx,
      {
        bookingId,
        paymentIntentId: intent.id,
        amountCents: intent.amountCents,
        reason: moneyRecorded ? "duplicate_payment" : "not_honoured",
      },
      now,
    );
    return true;
  });
  if (!scheduled) return "unchanged";
  const row = await repo.findBooking(deps.database.db, bookingId);
  if (row) await publishEvents(deps, [calendarEvents.bookingUpdated(row)]);
  return sendRefund(deps, intent.id, bookingId);
}
