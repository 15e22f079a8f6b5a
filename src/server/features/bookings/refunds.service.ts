import { idempotencyKeys } from "../../adapters/payments/idempotency-keys";
import type { Tx } from "../../db/client";
import type { RefundReason } from "../../db/schema/index";
import type { AppDeps } from "../../deps";
import { calendarEvents, publishEvents } from "../../realtime/events";
import { sendRefundedEmail } from "./booking-emails";
import * as bookingsRepo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import { audienceOfBooking, toApiBooking } from "./bookings.service";
import * as repo from "./refunds.repository";
import { MAX_MONEY_ATTEMPTS, nextAttemptAt } from "../../jobs/retry-policy";
import { present } from "../../present";

/**
 * The one refund module: every charge that must be given back (a coach's or a student's
 * cancellation, a payment that came for a seat that could not be kept, a booking paid twice) is
 * recorded inside the transaction that decided it, then sent to the provider after that
 * transaction commits, and retried by one leased sweep with the money retry policy
 * (jobs/retry-policy.ts) until the provider takes it or the attempts run out (then it stays
 * `failed` for an admin). The idempotency key names the charge, so however many processes try, the
 * money goes back once.
 */

/** How long a claim keeps other processes off a refund: a process that dies mid-call is retried after this. */
export const REFUND_LEASE_MS = 60_000;

/** A booking's charge, or (DESIGN.md 11) a package purchase's: `amountCents` of it is given back. */
export type RefundRequest = ({ bookingId: number } | { purchaseId: number }) & {
  paymentIntentId: string;
  amountCents: number;
  reason: RefundReason;
};

/** Inside the caller's transaction: records that this charge must be given back (once per payment intent). */
export async function scheduleRefund(tx: Tx, request: RefundRequest, now: Date): Promise<void> {
  await repo.insertRefund(tx, { ...request, now });
}

/**
 * Asks the provider for one scheduled refund (call after the scheduling transaction committed).
 * "sent" when the provider took it (now or earlier), "pending" when it will be retried (or another
 * process is on it), "failed" when the attempts ran out.
 */
/** `bookingId` null: the refund of a package purchase (one per charge). */
export async function sendRefund(deps: AppDeps, paymentIntentId: string, bookingId: number | null): Promise<"sent" | "pending" | "failed"> {
  const now = deps.clock.now();
  const claimed = await repo.claimRefund(deps.database.db, paymentIntentId, bookingId, now, REFUND_LEASE_MS);
  if (!claimed) {
    const row = await repo.findRefundByPaymentIntent(deps.database.db, paymentIntentId, bookingId);
    return row?.status === "sent" ? "sent" : row?.status === "failed" ? "failed" : "pending";
  }
  return attemptRefund(deps, claimed);
}

/** The provider call of one refund: a booking's charge in full, or the amount recorded for a package purchase. */
async function refundCall(deps: AppDeps, refund: repo.RefundRow) {
  if (refund.bookingId === null) {
    return deps.payments.refundPayment({
      paymentIntentId: refund.paymentIntentId,
      idempotencyKey: idempotencyKeys.purchaseRefund(
        present(refund.purchaseId, "the purchase of a refund without a booking"),
        refund.paymentIntentId,
      ),
      amountCents: refund.amountCents,
      metadata: { purchaseId: String(refund.purchaseId), reason: refund.reason },
    });
  }
  const booking = await bookingsRepo.findBooking(deps.database.db, refund.bookingId);
  const isBookingsPayment = booking?.paymentIntentId === refund.paymentIntentId;
  // A checkout shared by several bookings gives back this booking's share only.
  const shared = (await bookingsRepo.countBookingsOfIntent(deps.database.db, refund.paymentIntentId)) > 1;
  return deps.payments.refundPayment({
    paymentIntentId: refund.paymentIntentId,
    ...(shared ? { amountCents: refund.amountCents } : {}),
    idempotencyKey: idempotencyKeys.refund(refund.bookingId, refund.paymentIntentId, isBookingsPayment),
    metadata: { bookingId: String(refund.bookingId), reason: refund.reason },
  });
}

async function attemptRefund(deps: AppDeps, refund: repo.RefundRow): Promise<"sent" | "pending" | "failed"> {
  let error: string;
  try {
    const result = await refundCall(deps, refund);
    if (result.status !== "failed") {
      await recordSent(deps, refund, result.id);
      return "sent";
    }
    error = `the provider reports refund ${result.id} as failed`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const now = deps.clock.now();
  const giveUp = refund.attempts >= MAX_MONEY_ATTEMPTS;
  await repo.markRefundAttemptFailed(deps.database.db, refund.id, {
    error,
    nextAttemptAt: nextAttemptAt(now, refund.attempts),
    giveUp,
    now,
  });
  const log = {
    bookingId: refund.bookingId,
    purchaseId: refund.purchaseId,
    paymentIntentId: refund.paymentIntentId,
    attempts: refund.attempts,
    error,
  };
  if (giveUp) deps.logger.error(log, "refund failed for good; an admin must settle it");
  else deps.logger.error(log, "refund failed; the refund sweep will retry it");
  return giveUp ? "failed" : "pending";
}

async function recordSent(deps: AppDeps, refund: repo.RefundRow, providerRefundId: string): Promise<void> {
  const now = deps.clock.now();
  const booking = await deps.database.db.transaction((tx) => repo.markRefundSent(tx, refund, providerRefundId, now));
  if (booking) await publishEvents(deps, [calendarEvents.bookingUpdated(booking)]);
  // Cancellations told the student when they happened; a payment given back unasked is explained now.
  // A package purchase's refund is explained by the packages feature when it decides it.
  if (
    refund.reason === "coach_cancelled" ||
    refund.reason === "student_cancelled" ||
    refund.reason === "no_show_reversed" ||
    refund.bookingId === null
  )
    return;
  const details = await detailsRepo.findBookingDetails(deps.database.db, refund.bookingId);
  if (!details) return;
  // Every guardian of the athlete's family is told (DESIGN.md 11), whoever paid.
  for (const to of (await audienceOfBooking(deps, details)).emails) {
    try {
      await sendRefundedEmail(deps, toApiBooking(details, false, deps.clock.now()), to, {
        amountCents: refund.amountCents,
        isDuplicatePayment: refund.reason === "duplicate_payment",
      });
    } catch (err) {
      deps.logger.error({ err, bookingId: refund.bookingId }, "could not send the refund e-mail");
    }
  }
}

/** Sweep: refunds not yet taken by the provider (failed, interrupted, or never tried), due by their backoff. */
export async function retryDueRefunds(deps: AppDeps, options: { batchSize?: number } = {}): Promise<void> {
  const batchSize = options.batchSize ?? 50;
  for (let round = 0; round < 20; round++) {
    const now = deps.clock.now();
    const due = await deps.database.db.transaction((tx) => repo.claimDueRefunds(tx, now, REFUND_LEASE_MS, batchSize));
    for (const refund of due) await attemptRefund(deps, refund);
    if (due.length < batchSize) break;
  }
}
