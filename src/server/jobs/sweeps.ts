import type { AppDeps } from "../deps";
import { purgeExpiredSessions } from "../features/accounts/sessions.service";
import { completeSessions, expireHolds } from "../features/bookings/booking-sweeps.service";
import { mailPendingInvitations } from "../features/families/guardians.service";
import { retryDueRefunds } from "../features/bookings/refunds.service";
import { refundLatePayments } from "../features/payments/late-payments.service";
import { settleExpiredHoldsPaidMeanwhile } from "../features/payments/payments.service";
import { sendWaitingPayouts } from "../features/payouts/payouts.service";
import { expireRequests } from "../features/requests/requests.service";
import { sendDueReminders } from "../features/calendar/calendar.service";
import { sendReviewRequests } from "../features/reviews/reviews.service";
import { offerFreedSeats } from "../features/waitlist/waitlist.service";
import { sendMessageNotices } from "../features/messages/message-notices.service";
import { expireCredentials, sendCredentialExpiryNotices } from "../features/credentials/credential-expiry.service";
import { closeLapsedPurchases, expireCredits, sendExpiryNotices } from "../features/packages/purchases.service";

/**
 * Periodic work (hold expiry, request expiry, completion, refund and payout retries) as idempotent
 * SQL sweeps, safe with many server processes (DESIGN.md 7). A feature adds its sweep to the list.
 */
export type Sweep = { name: string; run: (deps: AppDeps) => Promise<void> };

const sweeps: Sweep[] = [
  // Before expiry: a hold paid at the last second is confirmed (or refunded), never silently dropped.
  { name: "settle-paid-expired-holds", run: settleExpiredHoldsPaidMeanwhile },
  { name: "expire-booking-holds", run: async (deps) => void (await expireHolds(deps)) },
  { name: "complete-sessions", run: async (deps) => void (await completeSessions(deps)) },
  { name: "expire-session-requests", run: async (deps) => void (await expireRequests(deps)) },
  // Webhooks or not: a cancelled booking's intent paid late is refunded (a still payable one cancelled again).
  { name: "refund-late-payments", run: (deps) => refundLatePayments(deps) },
  // Every charge to give back, whatever decided it (the refund module's one leased sweep).
  { name: "retry-refunds", run: async (deps) => retryDueRefunds(deps) },
  { name: "send-waiting-payouts", run: sendWaitingPayouts },
  // Package checkouts that ran out (a last-second payment is settled and refunded, never kept unseen),
  // credits a week from expiry (the family is told) and past it (void).
  { name: "close-lapsed-package-checkouts", run: closeLapsedPurchases },
  { name: "send-credit-expiry-notices", run: sendExpiryNotices },
  { name: "expire-credits", run: expireCredits },
  // After hold expiry and refunds: the seats they freed go to the first player waiting.
  { name: "offer-waitlist-seats", run: async (deps) => void (await offerFreedSeats(deps)) },
  { name: "send-session-reminders", run: async (deps) => void (await sendDueReminders(deps)) },
  // Invitations the families migration made for existing minors' parents.
  { name: "mail-guardian-invitations", run: mailPendingInvitations },
  { name: "send-review-requests", run: async (deps) => void (await sendReviewRequests(deps)) },
  // Unread messages: the first within a minute, then at most one e-mail per 15 minutes per conversation.
  { name: "send-message-notices", run: async (deps) => void (await sendMessageNotices(deps)) },
  // Credentials: the coach hears 30 and 7 days before and on the day; on the day the badge goes.
  { name: "send-credential-expiry-notices", run: sendCredentialExpiryNotices },
  { name: "expire-credentials", run: expireCredentials },
  // Sessions past their absolute end or idle timeout: removed, and their sockets told to close.
  { name: "purge-expired-sessions", run: purgeExpiredSessions },
  // Last: what the sweeps above enqueued went out at once; this retries what failed or was left by a process that died.
  { name: "deliver-outbox", run: async (deps) => deps.outbox.deliverDue() },
];

/**
 * Runs each sweep under a lock shared by every process on the database, so that with several
 * processes one runs a given sweep at a time: items that go out to a provider or a mailbox after
 * being read (refund and payout retries) are then never handled by two processes at once. The timer
 * skips a sweep another process is running (`wait: false`); the test clock waits for it, because its
 * caller expects the sweeps done when it answers.
 */
export async function runSweeps(deps: AppDeps, options: { wait?: boolean } = {}): Promise<void> {
  for (const sweep of sweeps) {
    try {
      await deps.database.exclusive(`sweep:${sweep.name}`, () => sweep.run(deps), { wait: options.wait ?? true });
    } catch (err) {
      deps.logger.error({ err, sweep: sweep.name }, "sweep failed");
    }
  }
}

/** Runs every sweep each `intervalMs` until the returned stop function is called. */
export function startSweeps(deps: AppDeps, intervalMs = 30_000): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= runSweeps(deps, { wait: false }).finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
