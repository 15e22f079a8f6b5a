import type { AppDeps } from "../../deps";
import { RECENTLY_EXPIRED_MS } from "../bookings/booking-sweeps.service";
import { refundLatePayment } from "../bookings/settle-payment.service";
import * as repo from "./late-payments.repository";

const MINUTE_MS = 60_000;
/** Pauses between questions about an intent still open at the provider: 5 minutes, doubling, at most 6 hours. */
const FIRST_PAUSE_MS = 5 * MINUTE_MS;
const LONGEST_PAUSE_MS = 6 * 60 * MINUTE_MS;

/**
 * Sweep: money is never kept for a cancelled booking, webhooks or not (issue 28). Each cancelled
 * booking's payment intent is asked about until the provider reports it cancelled or paid: paid
 * means it succeeded late (after the hold expired or the session was cancelled), and it is refunded
 * in full through the refund module; still payable means the cancel of the intent was lost, and
 * it is cancelled again.
 */
export async function refundLatePayments(deps: AppDeps, options: { batchSize?: number } = {}): Promise<void> {
  const due = await repo.listDueLatePaymentChecks(deps.database.db, deps.clock.now(), {
    limit: options.batchSize ?? 50,
    recentlyExpiredMs: RECENTLY_EXPIRED_MS,
  });
  for (const candidate of due) {
    let done = false;
    try {
      const intent = await deps.payments.retrievePaymentIntent(candidate.paymentIntentId);
      if (intent.status === "succeeded") {
        const outcome = await refundLatePayment(deps, candidate.bookingId, intent);
        if (outcome !== "unchanged") {
          deps.logger.warn({ bookingId: candidate.bookingId, paymentIntentId: intent.id }, "a cancelled booking was paid late; refunded");
        }
        done = true;
      } else if (intent.status === "canceled") {
        done = true;
      } else if (intent.status !== "processing") {
        // Still payable: the cancel sent when the booking ended did not take.
        await deps.payments.cancelPaymentIntent(intent.id).catch((err: unknown) => {
          deps.logger.warn({ err, bookingId: candidate.bookingId }, "could not cancel the payment intent of a cancelled booking");
        });
      }
    } catch (err) {
      deps.logger.warn({ err, bookingId: candidate.bookingId }, "could not ask about the payment of a cancelled booking");
    }
    const now = deps.clock.now();
    const pause = Math.min(FIRST_PAUSE_MS * 2 ** Math.min(candidate.checks, 10), LONGEST_PAUSE_MS);
    await repo.recordLatePaymentCheck(deps.database.db, {
      paymentIntentId: candidate.paymentIntentId,
      bookingId: candidate.bookingId,
      done,
      nextCheckAt: new Date(now.getTime() + pause),
      now,
    });
  }
}
