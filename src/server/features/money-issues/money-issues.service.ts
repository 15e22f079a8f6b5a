import { centsToDecimal } from "@contract/money";
import type { MoneyIssues } from "@contract/money-issues";
import type { Dispute } from "../../adapters/payments/provider";
import type { AppDeps } from "../../deps";
import * as repo from "./money-issues.repository";
import { MAX_MONEY_ATTEMPTS } from "../../jobs/retry-policy";

/** Stripe's charge.dispute.created: kept on the booking for the admin; the money stays as the bank decides. */
export async function recordDispute(deps: AppDeps, dispute: Dispute, openedAt: Date): Promise<void> {
  const row = await repo.insertDispute(deps.database.db, dispute, openedAt);
  if (row) {
    deps.logger.warn(
      { disputeId: row.id, bookingId: row.bookingId, amountCents: row.amountCents, reason: row.reason },
      "a charge was disputed",
    );
  }
}

/**
 * A dispute's new status (recorded first if its created event never came). The coach's payout of
 * its booking is held back while it is open (payoutDue); once it is won the payout sweep sends it.
 */
export async function updateDispute(deps: AppDeps, dispute: Dispute, at: Date): Promise<void> {
  await repo.insertDispute(deps.database.db, dispute, at);
  const row = await repo.setDisputeStatus(deps.database.db, dispute.id, dispute.status);
  if (row) deps.logger.warn({ disputeId: row.id, bookingId: row.bookingId, status: row.status }, "a dispute changed");
}

/** GET /api/admin/money-issues */
export async function listMoneyIssues(deps: AppDeps): Promise<MoneyIssues> {
  const db = deps.database.db;
  const [disputes, payouts, refunds] = await Promise.all([
    repo.listDisputes(db),
    repo.listTroubledPayouts(db),
    repo.listTroubledRefunds(db),
  ]);
  return {
    disputes: disputes.map((d) => ({
      id: d.id,
      bookingId: d.bookingId,
      paymentIntentId: d.paymentIntentId,
      amount: centsToDecimal(d.amountCents),
      currency: d.currency,
      reason: d.reason,
      status: d.status,
      openedAt: d.openedAt.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      bookingId: r.bookingId,
      paymentIntentId: r.paymentIntentId,
      amount: centsToDecimal(r.amountCents),
      state: r.status === "failed" ? ("stopped" as const) : ("retrying" as const),
      attempts: r.attempts,
      lastError: r.lastError,
      nextAttemptAt: r.status === "failed" ? null : r.nextAttemptAt.toISOString(),
    })),
    payouts: payouts.map((p) => ({
      bookingId: p.bookingId,
      coachId: p.coachId,
      amount: centsToDecimal(p.coachEarningsCents),
      state: p.startedAt ? ("in_flight" as const) : p.attempts >= MAX_MONEY_ATTEMPTS ? ("stopped" as const) : ("retrying" as const),
      attempts: p.attempts,
      lastError: p.lastError,
      nextAttemptAt: p.nextAttemptAt?.toISOString() ?? null,
    })),
  };
}
