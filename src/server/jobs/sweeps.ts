import type { AppDeps } from "../deps";
import { completeSessions, expireHolds } from "../features/bookings/bookings.service";
import { retryRefunds, settleExpiredHoldsPaidMeanwhile } from "../features/payments/payments.service";
import { retryCancellationRefunds, sendWaitingPayouts } from "../features/payouts/payouts.service";
import { expireRequests } from "../features/requests/requests.service";

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
  { name: "retry-refunds", run: retryRefunds },
  { name: "retry-cancellation-refunds", run: retryCancellationRefunds },
  { name: "send-waiting-payouts", run: sendWaitingPayouts },
];

export async function runSweeps(deps: AppDeps): Promise<void> {
  for (const sweep of sweeps) {
    try {
      await sweep.run(deps);
    } catch (err) {
      deps.logger.error({ err, sweep: sweep.name }, "sweep failed");
    }
  }
}

/** Runs every sweep each `intervalMs` until the returned stop function is called. */
export function startSweeps(deps: AppDeps, intervalMs = 30_000): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= runSweeps(deps).finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
