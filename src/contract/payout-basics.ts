import type { PaymentAccountStatus } from "./payouts";

/**
 * The payment account's state and the feedback's star labels, without zod: the coach's dashboard,
 * the payment account page and an athlete's progress show them on their first screen, and a page
 * that only displays them does not load the schema library (docs/PERFORMANCE.md, JavaScript per
 * page). The schemas stay in `payouts.ts`.
 */

/** Labels of the 1-5 stars of the feedback dialog (coach-side 5). */
export const RATING_LABELS = ["Poor", "Below average", "Average", "Good", "Excellent"] as const;

/** What a coach without a payment account reads (Not Started). */
export const NO_PAYMENT_ACCOUNT: PaymentAccountStatus = {
  hasAccount: false,
  accountId: null,
  accountComplete: false,
  onboardingComplete: false,
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  requirements: { currently_due: [] },
};

/** Not Started, Setup Required or Active (coach-side 2 and 4). */
export type PaymentAccountState = "not_started" | "setup_required" | "active";

export function paymentAccountState(status: Pick<PaymentAccountStatus, "hasAccount" | "accountComplete">): PaymentAccountState {
  if (!status.hasAccount) return "not_started";
  return status.accountComplete ? "active" : "setup_required";
}

/**
 * coach-side 2 and 4: "Manage" and "Open Dashboard" appear once onboarding is complete (the coach
 * has submitted their details), the same rule the server's dashboard link applies, even while the
 * provider still reviews payouts.
 */
export function canOpenProviderDashboard(status: Pick<PaymentAccountStatus, "hasAccount" | "onboardingComplete">): boolean {
  return status.hasAccount && status.onboardingComplete;
}
