import {
  PayoutMessages,
  type ConnectLinkResponse,
  type DashboardLinkResponse,
  type PaymentAccountStatus,
  type SimulatedOnboardingCompleteResponse,
} from "@contract/payouts";
import { NO_PAYMENT_ACCOUNT } from "@contract/payout-basics";
import type { ConnectedAccount } from "../../adapters/payments/provider";
import { idempotencyKeys, transferGroups } from "../../adapters/payments/idempotency-keys";
import { IN_FLIGHT_GRACE_MS, MAX_MONEY_ATTEMPTS, nextAttemptAt } from "../../jobs/retry-policy";
import { callProvider } from "../../http/call-provider";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./payouts.repository";

const SWEEP_BATCH = 50;
const PAYOUT_POLICY = { graceMs: IN_FLIGHT_GRACE_MS, maxAttempts: MAX_MONEY_ATTEMPTS };

type ReturnTo = "onboarding" | "stripe-connect" | undefined;

function statusOf(coach: repo.CoachRow | undefined): PaymentAccountStatus {
  if (!coach?.paymentAccountId) return NO_PAYMENT_ACCOUNT;
  return {
    hasAccount: true,
    accountId: coach.paymentAccountId,
    accountComplete: coach.paymentDetailsSubmitted && coach.paymentPayoutsEnabled,
    onboardingComplete: coach.paymentDetailsSubmitted,
    detailsSubmitted: coach.paymentDetailsSubmitted,
    chargesEnabled: coach.paymentChargesEnabled,
    payoutsEnabled: coach.paymentPayoutsEnabled,
    requirements: { currently_due: [...coach.paymentRequirementsDue] },
  };
}

/** GET /api/stripe/connect/account-status: the provider's view, stored on the coach as it is read. */
export async function getAccountStatus(deps: AppDeps, user: UserRow): Promise<PaymentAccountStatus> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach?.paymentAccountId) return statusOf(coach);
  try {
    const account = await deps.payments.retrieveConnectedAccount(coach.paymentAccountId);
    // The page polls every 5 s: only a change is written (and may release waiting payouts).
    if (sameAccountState(coach, account)) return statusOf(coach);
    const stored = await applyAccountUpdate(deps, account);
    return statusOf(stored ?? coach);
  } catch (err) {
    // The page refreshes every 5 s; the last known state is better than an error meanwhile.
    deps.logger.warn({ err, coachId: coach.id }, "could not refresh the payment account; answering the stored state");
    return statusOf(coach);
  }
}

function sameAccountState(coach: repo.CoachRow, account: ConnectedAccount): boolean {
  return (
    coach.paymentDetailsSubmitted === account.detailsSubmitted &&
    coach.paymentChargesEnabled === account.chargesEnabled &&
    coach.paymentPayoutsEnabled === account.payoutsEnabled &&
    coach.paymentRequirementsDue.join("\n") === account.requirementsDue.join("\n")
  );
}

/**
 * The provider told us (account.updated webhook, a status refresh, the simulated onboarding page)
 * how a connected account stands: the coach's copy is updated, and once payouts are enabled the
 * payouts that waited for the account go out. Returns the coach row, if a coach has that account.
 */
export async function applyAccountUpdate(
  deps: AppDeps,
  account: ConnectedAccount,
  asOf: Date = providerNow(),
): Promise<repo.CoachRow | undefined> {
  const stored = await repo.storeAccountState(deps.database.db, account, asOf, deps.clock.now());
  if (!stored) {
    deps.logger.warn({ accountId: account.id }, "an account update matches no coach");
    return undefined;
  }
  if (!stored.applied) deps.logger.info({ accountId: account.id, asOf }, "an older account update arrived late; the newer state stays");
  if (stored.coach.paymentPayoutsEnabled) await releaseWaitingPayouts(deps, stored.coach.id);
  return stored.coach;
}

/**
 * "Now" on the provider's scale, for a state read straight from it: the real clock (not the test
 * clock), whole seconds like Stripe's event times, so an event made in the same second as a read
 * still applies (a tie goes to the event).
 */
function providerNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

async function requireCoachProfile(deps: AppDeps, user: UserRow): Promise<repo.CoachRow> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach) throw conflict(PayoutMessages.PROFILE_REQUIRED);
  return coach;
}

function onboardingUrls(deps: AppDeps, returnTo: ReturnTo): { refreshUrl: string; returnUrl: string } {
  const appUrl = deps.config.appUrl;
  if (returnTo === "onboarding") {
    return { refreshUrl: `${appUrl}/coach-onboarding?stripe=refresh`, returnUrl: `${appUrl}/coach-onboarding?stripe=success` };
  }
  return { refreshUrl: `${appUrl}/coach/stripe-connect`, returnUrl: `${appUrl}/coach/stripe-connect?success=true` };
}

/** POST /api/stripe/connect/create-account: one Express account per coach (the idempotency key names the coach). */
export async function createAccount(deps: AppDeps, user: UserRow, returnTo: ReturnTo): Promise<ConnectLinkResponse> {
  const coach = await requireCoachProfile(deps, user);
  let accountId = coach.paymentAccountId;
  if (!accountId) {
    const account = await callProvider(deps, "create account", PayoutMessages.PROVIDER_ERROR, () =>
      deps.payments.createConnectedAccount({
        email: user.email,
        idempotencyKey: idempotencyKeys.connectedAccount(coach.id),
        metadata: { coachId: String(coach.id), userId: String(user.id) },
      }),
    );
    accountId = await repo.setPaymentAccountId(deps.database.db, coach.id, account.id, deps.clock.now());
    await repo.storeAccountState(deps.database.db, { ...account, id: accountId }, providerNow(), deps.clock.now());
  }
  const id = accountId;
  return callProvider(deps, "onboarding link", PayoutMessages.PROVIDER_ERROR, () =>
    deps.payments.createOnboardingLink({ accountId: id, ...onboardingUrls(deps, returnTo) }),
  );
}

/** POST /api/stripe/connect/onboarding-link: continue onboarding an existing account. */
export async function onboardingLink(deps: AppDeps, user: UserRow, returnTo: ReturnTo): Promise<ConnectLinkResponse> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  const accountId = coach?.paymentAccountId;
  if (!accountId) throw badRequest(PayoutMessages.NO_ACCOUNT);
  return callProvider(deps, "onboarding link", PayoutMessages.PROVIDER_ERROR, () =>
    deps.payments.createOnboardingLink({ accountId, ...onboardingUrls(deps, returnTo) }),
  );
}

/** POST /api/stripe/connect/dashboard-link: the provider's dashboard, once the account is complete. */
export async function dashboardLink(deps: AppDeps, user: UserRow): Promise<{ status: number; body: DashboardLinkResponse }> {
  const status = await getAccountStatus(deps, user);
  if (!status.accountId || !status.onboardingComplete) {
    return { status: 400, body: { success: false, message: PayoutMessages.SETUP_FIRST } };
  }
  const accountId = status.accountId;
  const link = await callProvider(deps, "dashboard link", PayoutMessages.PROVIDER_ERROR, () =>
    deps.payments.createDashboardLink(accountId),
  );
  return { status: 200, body: { success: true, url: link.url } };
}

/**
 * POST /api/payments/simulated/onboarding/complete: the simulated provider's onboarding page
 * (DESIGN.md 8) finishes the coach's account, as Stripe's hosted onboarding would.
 */
export async function completeSimulatedOnboarding(
  deps: AppDeps,
  user: UserRow,
  input: { accountId: string; returnTo?: ReturnTo },
): Promise<SimulatedOnboardingCompleteResponse> {
  const simulated = deps.payments.simulated;
  if (!simulated) throw notFound();
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach?.paymentAccountId || coach.paymentAccountId !== input.accountId) throw forbidden(PayoutMessages.NOT_YOUR_ACCOUNT);
  const account = await callProvider(deps, "complete onboarding", PayoutMessages.PROVIDER_ERROR, () =>
    simulated.completeOnboarding(input.accountId),
  );
  await applyAccountUpdate(deps, account);
  return { success: true, returnUrl: onboardingUrls(deps, input.returnTo).returnUrl };
}

/**
 * Transfers the booking's coach earnings (rate + tip) if its payout is waiting and the coach's
 * account can receive it. It runs from the feedback call, an account update and the sweep, in any
 * process; each first claims the payout (repo.claimPayout), so one caller at a time calls the
 * provider. A payout claimed earlier whose answer never came (the process died, the network
 * dropped) is looked up at the provider by its transfer group once IN_FLIGHT_GRACE_MS has passed,
 * and sent again only if it is not there: the idempotency key alone would be forgotten by the
 * provider after a long outage. Failures back off (jobs/retry-policy.ts) and stop after
 * MAX_MONEY_ATTEMPTS for an admin (GET /api/admin/money-issues). True when paid.
 */
export async function releasePayout(deps: AppDeps, bookingId: number): Promise<boolean> {
  const claimed = await repo.claimPayout(deps.database.db, bookingId, deps.clock.now(), PAYOUT_POLICY);
  if (!claimed) return false;
  const transferGroup = transferGroups.payout(bookingId);
  let error: string;
  try {
    // Any earlier attempt may have moved the money without our knowing (an error after the
    // provider acted, a lost answer): look before sending again.
    const triedBefore = claimed.inFlightSince !== null || claimed.attempts > 1;
    const earlier = triedBefore ? await deps.payments.findTransfer(transferGroup) : undefined;
    if (earlier) {
      await repo.markPaidOut(deps.database.db, bookingId, earlier.id, deps.clock.now());
      deps.logger.warn(
        { bookingId, transferId: earlier.id },
        "a payout sent without an answer recorded was found at the provider; marked paid",
      );
      return true;
    }
    if (!claimed.maySend) {
      error = "The last attempt's transfer is not at the provider, and the attempts have run out";
    } else {
      const transfer = await deps.payments.createTransfer({
        amountCents: claimed.coachEarningsCents,
        destinationAccountId: claimed.paymentAccountId,
        idempotencyKey: idempotencyKeys.payout(bookingId),
        transferGroup,
        metadata: { bookingId: String(bookingId) },
        // Tied to the student's charge: the transfer waits for those funds, and Stripe links the two.
        ...(claimed.paymentIntentId ? { sourcePaymentIntentId: claimed.paymentIntentId } : {}),
      });
      await repo.markPaidOut(deps.database.db, bookingId, transfer.id, deps.clock.now());
      deps.logger.info({ bookingId, transferId: transfer.id, amountCents: transfer.amountCents }, "payout released");
      return true;
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const now = deps.clock.now();
  const stopped = claimed.attempts >= MAX_MONEY_ATTEMPTS;
  await repo.markPayoutAttemptFailed(deps.database.db, bookingId, {
    error,
    nextAttemptAt: stopped ? null : nextAttemptAt(now, claimed.attempts),
    now,
  });
  const log = { bookingId, attempts: claimed.attempts, error };
  if (stopped) deps.logger.error(log, "payout failed for good; an admin must settle it");
  else deps.logger.error(log, "payout failed; the payout sweep will retry it");
  return false;
}

async function releaseWaitingPayouts(deps: AppDeps, coachId: number): Promise<void> {
  for (const id of await repo.listWaitingPayoutIdsOfCoach(deps.database.db, coachId)) await releasePayout(deps, id);
}

/** Sweep: payouts that waited for the coach's account, failed and are due again, or were left in flight. */
export async function sendWaitingPayouts(deps: AppDeps): Promise<void> {
  const due = await repo.listDuePayoutIds(deps.database.db, deps.clock.now(), PAYOUT_POLICY, SWEEP_BATCH);
  for (const bookingId of due) await releasePayout(deps, bookingId);
}
