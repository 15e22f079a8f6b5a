import { LayoutDashboard } from "lucide-react";
import { Link, useSearch } from "wouter";
import { paymentAccountState } from "@contract/payout-basics";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { usePaymentAccountStatus } from "../../features/payouts/api/payment-account";
import { StateBadge } from "../../features/payouts/components/payment-account-panel";
import { SimulatedProviderPage } from "../../features/payouts/components/simulated-provider-page";

/** /payments/simulated/dashboard: what the Stripe Express dashboard is for the built-in simulated provider. */
export function SimulatedDashboardPage() {
  const accountId = new URLSearchParams(useSearch()).get("account");
  const status = usePaymentAccountStatus();
  return (
    <SimulatedProviderPage
      icon={LayoutDashboard}
      title="Simulated provider dashboard"
      description="This is the built-in simulated payment provider's dashboard. With Stripe, this would be your Stripe Express dashboard with your balance and payouts."
    >
      {status.isLoading ? (
        <Spinner label="Loading account..." />
      ) : status.data ? (
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Account</dt>
            <dd className="font-mono font-semibold">{status.data.accountId ?? accountId ?? "None"}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <StateBadge state={paymentAccountState(status.data)} />
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Payouts enabled</dt>
            <dd className="font-semibold">{status.data.payoutsEnabled ? "Yes" : "No"}</dd>
          </div>
        </dl>
      ) : (
        <p role="alert" className="text-sm font-semibold text-red-700">
          Could not load the account status.
        </p>
      )}
      <Button asChild variant="outline">
        <Link href={paths.coachDashboard}>Back to the coach dashboard</Link>
      </Button>
    </SimulatedProviderPage>
  );
}
