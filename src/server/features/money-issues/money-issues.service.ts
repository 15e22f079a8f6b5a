import { centsToDecimal } from "@contract/money";
import { NO_SHOW_ISSUE_DAYS, type MoneyIssues } from "@contract/money-issues";
import { PaymentMessages } from "@contract/payments";
import type { Dispute, ProviderRefund, RefundedCharge } from "../../adapters/payments/provider";
import { REFUND_REASONS } from "../../db/schema/index";
import type { AppDeps } from "../../deps";
import { callProvider } from "../../http/call-provider";
import { voidCreditsOfCharge } from "../credits/credits.service";
import * as repo from "./money-issues.repository";
import { MAX_MONEY_ATTEMPTS } from "../../jobs/retry-policy";
import { present } from "../../present";

/**
 * Stripe's charge.dispute.created: kept on the booking for the admin; the money stays as the bank
 * decides. Every payout the charge paid for waits (payoutDue) and a package's unused credits are void.
 */
export async function recordDispute(deps: AppDeps, dispute: Dispute, openedAt: Date): Promise<void> {
  const row = await repo.insertDispute(deps.database.db, dispute, openedAt);
  if (dispute.paymentIntentId) await voidCreditsOfCharge(deps, dispute.paymentIntentId);
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
  if (dispute.paymentIntentId) await voidCreditsOfCharge(deps, dispute.paymentIntentId);
  const row = await repo.setDisputeStatus(deps.database.db, dispute.id, dispute.status);
  if (row) deps.logger.warn({ disputeId: row.id, bookingId: row.bookingId, status: row.status }, "a dispute changed");
}

const APP_REFUND_REASONS = new Set<string>(REFUND_REASONS);

/** The refund module's own refunds say why and for what (refunds.service.ts); a dashboard refund carries neither. */
function madeByTheApp(refund: ProviderRefund, knownIds: Set<string>): boolean {
  if (knownIds.has(refund.id)) return true;
  const { reason, bookingId, purchaseId } = refund.metadata;
  return reason !== undefined && APP_REFUND_REASONS.has(reason) && Boolean(bookingId || purchaseId);
}

/**
 * Stripe's charge.refunded (issue 28): the app's own refunds are already recorded by the refund
 * module; any other refund of the charge (one given in the provider's dashboard) is recorded once
 * against the booking or package purchase the charge paid, for the admin's money issues and the
 * reconciliation. The event does not list the charge's refunds, so the provider is asked for them;
 * if it cannot answer, the webhook fails and the provider sends it again.
 */
export async function recordChargeRefunded(deps: AppDeps, charge: RefundedCharge): Promise<void> {
  const db = deps.database.db;
  const paymentIntentId = charge.paymentIntentId;
  if (!paymentIntentId) {
    deps.logger.warn({ chargeId: charge.id }, "a charge without a payment intent was refunded: no booking can be named");
    return;
  }
  const provided = await callProvider(deps, "list refunds", PaymentMessages.PROVIDER_ERROR, () =>
    deps.payments.listRefunds(paymentIntentId),
  );
  const knownIds = new Set(await repo.listAppRefundIds(db, paymentIntentId));
  const outside = provided.filter((refund) => !madeByTheApp(refund, knownIds));
  if (outside.length === 0) return;
  const owner = await repo.findChargeOwner(db, paymentIntentId);
  // The payouts the charge paid for now wait for a person (payoutDue); a package's unused credits are void.
  if (owner.purchaseId !== null && outside.some((r) => r.status === "succeeded" || r.status === "pending")) {
    await voidCreditsOfCharge(deps, paymentIntentId);
  }
  const now = deps.clock.now();
  for (const refund of outside) {
    const isNew = await repo.recordOutsideRefund(db, refund, { chargeId: charge.id, ...owner, now });
    if (isNew) {
      deps.logger.warn(
        { refundId: refund.id, paymentIntentId, ...owner, amountCents: refund.amountCents, status: refund.status },
        "a charge was refunded outside the app",
      );
    }
  }
}

/** GET /api/admin/money-issues */
export async function listMoneyIssues(deps: AppDeps): Promise<MoneyIssues> {
  const db = deps.database.db;
  const since = new Date(deps.clock.now().getTime() - NO_SHOW_ISSUE_DAYS * 86_400_000);
  const [disputes, payouts, refunds, noShows, outsideRefunds] = await Promise.all([
    repo.listDisputes(db),
    repo.listTroubledPayouts(db),
    repo.listTroubledRefunds(db),
    repo.listNoShows(db, since),
    repo.listOutsideRefunds(db),
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
      coachName: p.coachName,
      amount: centsToDecimal(p.coachEarningsCents),
      state: payoutState(p),
      attempts: p.attempts,
      lastError: p.lastError,
      nextAttemptAt: p.payoutStatus === "owed" ? null : (p.nextAttemptAt?.toISOString() ?? null),
    })),
    noShows: noShows.map((n) => ({
      bookingId: n.bookingId,
      coachId: n.coachId,
      coachName: n.coachName,
      athleteName: [n.athleteFirstName, n.athleteLastName].filter(Boolean).join(" ").trim(),
      sessionStartsAt: n.startsAt.toISOString(),
      markedAt: present(n.noShowAt, "the time of a no-show").toISOString(),
      note: n.noShowNote ?? "",
      amount: centsToDecimal(n.totalCents),
      payoutAmount: centsToDecimal(n.coachEarningsCents),
      state: n.status === "no_show" ? ("no_show" as const) : ("reversed" as const),
      payoutStatus: n.payoutStatus,
      familyRefund: familyRefundOf(n),
      reversedAt: n.noShowReversedAt?.toISOString() ?? null,
    })),
    outsideRefunds: outsideRefunds.map((r) => ({
      id: r.id,
      bookingId: r.bookingId,
      purchaseId: r.purchaseId,
      paymentIntentId: r.paymentIntentId,
      chargeId: r.chargeId,
      amount: centsToDecimal(r.amountCents),
      currency: r.currency,
      status: r.status,
      refundedAt: r.refundedAt.toISOString(),
    })),
  };
}

type TroubledPayout = Awaited<ReturnType<typeof repo.listTroubledPayouts>>[number];

function payoutState(p: TroubledPayout): MoneyIssues["payouts"][number]["state"] {
  if (p.payoutStatus === "owed") return "owed";
  if (p.startedAt) return "in_flight";
  return p.attempts >= MAX_MONEY_ATTEMPTS ? "stopped" : "retrying";
}

function familyRefundOf(n: Awaited<ReturnType<typeof repo.listNoShows>>[number]): MoneyIssues["noShows"][number]["familyRefund"] {
  if (n.noShowReversedAt === null) return "none";
  if (n.packagePurchaseId !== null) return "credit_returned";
  return n.paymentStatus === "refunded" ? "refunded" : "pending";
}
