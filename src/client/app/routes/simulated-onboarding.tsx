import { ShieldCheck } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { Button } from "../../components/ui/button";
import { useCompleteSimulatedOnboarding } from "../../features/payouts/api/payment-account";
import { safeReturnPath } from "../../features/payouts/components/provider-urls";
import { SimulatedProviderPage } from "../../features/payouts/components/simulated-provider-page";
import { toastFailure } from "../../lib/toast-failure";

/**
 * /payments/simulated/onboarding?account=&return=&refresh= (DESIGN.md 8): what Stripe's hosted
 * onboarding is for the built-in simulated provider. One button finishes the account.
 */
export function SimulatedOnboardingPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const accountId = params.get("account") ?? "";
  const returnPath = safeReturnPath(params.get("return"), window.location.origin);
  const refreshPath = safeReturnPath(params.get("refresh"), window.location.origin);
  const complete = useCompleteSimulatedOnboarding();

  function finish() {
    complete.mutate(
      { accountId },
      {
        onSuccess: () => navigate(returnPath, { replace: true }),
        onError: (error) => {
          toastFailure(error, "Account setup failed", { fallback: "Please try again." });
        },
      },
    );
  }

  return (
    <SimulatedProviderPage
      icon={ShieldCheck}
      title="Simulated payment provider"
      description="This app is running with its built-in simulated payment provider instead of Stripe. No real account is created and no personal or bank details are needed."
    >
      {accountId ? (
        <p className="text-sm text-slate-700">
          Account <span className="font-mono font-semibold">{accountId}</span> is waiting for its setup to be completed. Completing it
          enables charges and payouts, as Stripe would after verifying your details.
        </p>
      ) : (
        <p role="alert" className="text-sm font-semibold text-red-700">
          This link does not name a payment account. Go back and start the setup again.
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => navigate(refreshPath, { replace: true })} disabled={complete.isPending}>
          Go back
        </Button>
        <Button onClick={finish} isLoading={complete.isPending} disabled={!accountId}>
          Complete account setup
        </Button>
      </div>
    </SimulatedProviderPage>
  );
}
