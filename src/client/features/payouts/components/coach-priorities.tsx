import { AlertTriangle, ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { paymentAccountState } from "@contract/payout-basics";
import { useCoachEarnings } from "../api/coach-earnings";
import { usePaymentAccountStatus } from "../api/payment-account";

const STRIPE_CONNECT_PATH = "/coach/stripe-connect";

/**
 * Issue 29: unfinished payout setup leads the dashboard, with the money waiting for it. Shown
 * until the account is active; the amount is what paid sessions earned and has not been paid out.
 */
export function PayoutSetupBanner() {
  const account = usePaymentAccountStatus();
  const earnings = useCoachEarnings();
  if (account.isLoading) return null;
  const state = account.data && !account.isError ? paymentAccountState(account.data) : "not_started";
  if (state === "active") return null;
  const waiting = earnings.data && earnings.data.pendingPayouts !== "0.00" ? earnings.data.pendingPayouts : null;
  return (
    <Link
      href={STRIPE_CONNECT_PATH}
      data-testid="payout-setup-banner"
      className="group flex items-center gap-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950 hover:border-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 sm:p-5"
    >
      <AlertTriangle aria-hidden className="size-6 shrink-0 text-amber-700" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">
          {waiting ? `Finish payment setup: $${waiting} is waiting for you` : "Finish payment setup to get paid"}
        </span>
        <span className="text-sm">Connect your payment account so your earnings reach your bank after each session.</span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-amber-700 group-hover:text-amber-900" />
    </Link>
  );
}
