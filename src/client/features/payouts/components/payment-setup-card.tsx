import { ChevronRight, CreditCard } from "lucide-react";
import { Link } from "wouter";
import { canOpenProviderDashboard, paymentAccountState } from "@contract/payout-basics";
import { Card } from "@client/components/ui/card";
import { usePaymentAccountStatus } from "../api/payment-account";
import { PAYMENT_STATE_LABELS } from "./payment-account-panel";

const STRIPE_CONNECT_PATH = "/coach/stripe-connect";

/**
 * coach-side 2: the Payment Setup stat card. Active shows a Manage action; an incomplete account
 * makes the whole card a link to /coach/stripe-connect. A failed read counts as Not Started.
 */
export function PaymentSetupCard() {
  const account = usePaymentAccountStatus();
  const state = account.data && !account.isError ? paymentAccountState(account.data) : "not_started";
  const label = PAYMENT_STATE_LABELS[state];

  if (account.data && !account.isError && canOpenProviderDashboard(account.data)) {
    return (
      <Card className="flex h-full items-center gap-4 p-5" data-testid="stat-payment-setup">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-field-700 text-accent-300 [&_svg]:size-5">
          <CreditCard aria-hidden />
        </span>
        <div className="flex flex-1 flex-col">
          <span className="text-sm font-semibold text-slate-600">Payment Setup</span>
          <span className={`font-display text-xl font-bold uppercase ${state === "active" ? "text-emerald-800" : "text-amber-800"}`}>
            {label}
          </span>
        </div>
        <Link
          href={STRIPE_CONNECT_PATH}
          aria-label="Manage payment setup"
          className="text-sm font-semibold text-field-700 underline-offset-4 hover:underline"
        >
          Manage
        </Link>
      </Card>
    );
  }
  return (
    <Link
      href={STRIPE_CONNECT_PATH}
      className="group block h-full rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
      data-testid="stat-payment-setup"
    >
      <Card className="flex h-full items-center gap-4 border-amber-300 p-5 transition-colors group-hover:border-field-600">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 [&_svg]:size-5">
          <CreditCard aria-hidden />
        </span>
        <div className="flex flex-1 flex-col">
          <span className="text-sm font-semibold text-slate-600">Payment Setup</span>
          <span className="font-display text-xl font-bold text-amber-800 uppercase">{label}</span>
          {/* The link's name is its visible text plus this, so voice control users can say what they see. */}
          <span className="sr-only">Set up payments</span>
        </div>
        <ChevronRight aria-hidden className="size-5 text-slate-400 group-hover:text-field-700" />
      </Card>
    </Link>
  );
}
