import { CheckCircle2, CreditCard } from "lucide-react";
import { useState } from "react";
import type { PaymentAccountStatus } from "@contract/payouts";
import { paymentAccountState } from "@contract/payout-basics";
import { Button } from "@client/components/ui/button";
import { Spinner } from "@client/components/ui/spinner";
import { toast } from "@client/components/ui/toast";
import { useCreateOnboardingLink, useCreatePaymentAccount } from "../api/payment-account";
import { PaymentAccountMessages, StateBadge } from "./payment-account-panel";
import { providerNavigationUrl } from "./provider-urls";
import { toastFailure } from "@client/lib/toast-failure";

/** coach-side 4: the return with stripe=refresh. */
const STRIPE_REFRESH = "Your payment account setup is not finished yet. Please complete it to continue.";

type PaymentStepProps = {
  account: PaymentAccountStatus | undefined;
  isLoading: boolean;
  showRefreshNote: boolean;
  /** Runs before the provider is opened: the coach onboarding creates a minimal profile here when there is none. */
  beforeStart: () => Promise<void>;
  onBusyChange: (busy: boolean) => void;
};

/**
 * Step 3 of the coach onboarding (coach-side 4): the account's state and the button that opens the
 * provider, which brings the coach back to /coach-onboarding.
 */
export function OnboardingPaymentStep({ account, isLoading, showRefreshNote, beforeStart, onBusyChange }: PaymentStepProps) {
  const [isStarting, setStarting] = useState(false);
  // Mutations, so that the query client sees a 401 and handles it (query-client.ts).
  const createAccount = useCreatePaymentAccount();
  const createLink = useCreateOnboardingLink();
  const busy = (value: boolean) => {
    setStarting(value);
    onBusyChange(value);
  };

  async function start() {
    busy(true);
    const hasAccount = !!account?.hasAccount;
    try {
      await beforeStart();
      const { url } = hasAccount
        ? await createLink.mutateAsync({ returnTo: "onboarding" })
        : await createAccount.mutateAsync({ returnTo: "onboarding" });
      if (!url) {
        toast({ title: "Error", description: PaymentAccountMessages.NO_URL, variant: "destructive" });
        busy(false);
        return;
      }
      window.location.href = providerNavigationUrl(url, window.location.origin);
    } catch (error) {
      busy(false);
      toastFailure(error, "Error", hasAccount ? PaymentAccountMessages.CONTINUE_FAILED : PaymentAccountMessages.START_FAILED);
    }
  }

  if (isLoading) return <Spinner label="Loading payment account..." />;
  const state = account ? paymentAccountState(account) : "not_started";
  return (
    <div className="flex flex-col gap-4">
      {showRefreshNote && state !== "active" ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          {STRIPE_REFRESH}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <CreditCard aria-hidden className="size-6 text-field-700" />
        <span className="font-semibold text-field-950">Payment account</span>
        <StateBadge state={state} />
      </div>
      {state === "active" ? (
        <p className="flex items-center gap-2 text-sm text-emerald-800">
          <CheckCircle2 aria-hidden className="size-5" /> Your payment account is ready. Continue to the next step.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Students pay when they book. Your rate and tips are sent to this account after you submit feedback for a session. You will be
            taken to the payment provider and brought back here.
          </p>
          <Button className="w-fit" onClick={() => void start()} isLoading={isStarting}>
            {state === "setup_required" ? "Continue Setup" : "Set Up Payments"}
          </Button>
        </>
      )}
    </div>
  );
}
