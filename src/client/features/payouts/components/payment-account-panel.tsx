import { AlertCircle, CheckCircle2, CreditCard, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import type { PaymentAccountStatus } from "@contract/payouts";
import { canOpenProviderDashboard, paymentAccountState, type PaymentAccountState } from "@contract/payout-basics";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Spinner } from "@client/components/ui/spinner";
import { toast } from "@client/components/ui/toast";
import { useCreateDashboardLink, useCreateOnboardingLink, useCreatePaymentAccount, usePaymentAccountStatus } from "../api/payment-account";
import { providerNavigationUrl } from "./provider-urls";
import { toastFailure } from "@client/lib/toast-failure";

export const PAYMENT_STATE_LABELS: Record<PaymentAccountState, string> = {
  not_started: "Not Started",
  setup_required: "Setup Required",
  active: "Active",
};

/** coach-side 8. The spec writes "[provider]"; the page names Stripe, the provider coaches know. */
export const PaymentAccountMessages = {
  LOAD_FAILED: "Failed to load Stripe Connect status",
  START_FAILED: "Failed to start payment setup",
  NO_URL: "No onboarding URL received",
  CONTINUE_FAILED: "Failed to open account setup",
  DASHBOARD_FAILED_TITLE: "Failed to open Stripe dashboard",
  DASHBOARD_FAILED: "Failed to access Stripe dashboard",
} as const;

function goTo(url: string) {
  window.location.href = providerNavigationUrl(url, window.location.origin);
}

/** /coach/stripe-connect: the account's state, refreshed every 5 s, and the action that moves it on. */
export function PaymentAccountPanel({ justReturned }: { justReturned: boolean }) {
  const status = usePaymentAccountStatus({ poll: true });
  const create = useCreatePaymentAccount();
  const onboarding = useCreateOnboardingLink();
  const dashboard = useCreateDashboardLink();

  function start() {
    create.mutate(
      {},
      {
        onSuccess: ({ url }) =>
          url ? goTo(url) : toast({ title: "Error", description: PaymentAccountMessages.NO_URL, variant: "destructive" }),
        onError: (error) => toastFailure(error, "Error", PaymentAccountMessages.START_FAILED),
      },
    );
  }

  function resume() {
    onboarding.mutate(
      {},
      {
        onSuccess: ({ url }) =>
          url ? goTo(url) : toast({ title: "Error", description: PaymentAccountMessages.NO_URL, variant: "destructive" }),
        onError: (error) => toastFailure(error, "Error", PaymentAccountMessages.CONTINUE_FAILED),
      },
    );
  }

  function openDashboard() {
    dashboard.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.success && answer.url) return goTo(answer.url);
        toast({
          title: PaymentAccountMessages.DASHBOARD_FAILED_TITLE,
          description: answer.success ? PaymentAccountMessages.DASHBOARD_FAILED : answer.message || PaymentAccountMessages.DASHBOARD_FAILED,
          variant: "destructive",
        });
      },
      onError: (error) => toastFailure(error, PaymentAccountMessages.DASHBOARD_FAILED_TITLE, PaymentAccountMessages.DASHBOARD_FAILED),
    });
  }

  if (status.isLoading) return <Spinner label="Loading payment account..." />;
  if (status.isError && !status.data) {
    return (
      <Card role="alert" className="flex items-start gap-3 border-red-300 p-5">
        <AlertCircle aria-hidden className="mt-0.5 size-5 text-red-700" />
        <div className="flex flex-col gap-3">
          <p className="font-semibold text-red-800">{PaymentAccountMessages.LOAD_FAILED}</p>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      </Card>
    );
  }
  const account = status.data!;
  const state = paymentAccountState(account);

  return (
    <div className="flex flex-col gap-6">
      {justReturned ? (
        <Card role="status" className="flex items-start gap-3 border-emerald-300 bg-emerald-50 p-5">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 text-emerald-700" />
          <div>
            <p className="font-semibold text-emerald-900">Welcome back!</p>
            <p className="text-sm text-emerald-900">
              {state === "active"
                ? "Your payment account is set up. You will be paid after each session once you submit feedback."
                : "We are checking your account with the payment provider. This page refreshes on its own."}
            </p>
          </div>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle level={2} className="flex flex-wrap items-center gap-3">
            <CreditCard aria-hidden className="size-6 text-field-700" />
            <span>Account Status</span>
            <StateBadge state={state} />
          </CardTitle>
          <CardDescription>{describe(state)}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {account.hasAccount ? <AccountFacts account={account} /> : null}
          {account.requirements.currently_due.length > 0 ? (
            <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
              <p className="font-semibold text-amber-900">Information still needed</p>
              <ul className="mt-2 list-disc pl-5 text-sm text-amber-900">
                {account.requirements.currently_due.map((item) => (
                  <li key={item}>{readableRequirement(item)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {state === "not_started" ? (
              <Button onClick={start} isLoading={create.isPending}>
                Set Up Payments
              </Button>
            ) : null}
            {state === "setup_required" ? (
              <Button onClick={resume} isLoading={onboarding.isPending}>
                Continue Setup
              </Button>
            ) : null}
            {canOpenProviderDashboard(account) ? (
              <Button onClick={openDashboard} isLoading={dashboard.isPending}>
                <ExternalLink aria-hidden /> Open Dashboard
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function describe(state: PaymentAccountState): string {
  if (state === "active") return "Your account is ready. Payouts are sent to it when you submit feedback after a session.";
  if (state === "setup_required") return "Your account exists but setup is not finished. Continue where you left off to get paid.";
  return "Connect a payout account so you can be paid for your sessions.";
}

export function StateBadge({ state }: { state: PaymentAccountState }) {
  const variant = state === "active" ? "success" : state === "setup_required" ? "warning" : "outline";
  return <Badge variant={variant}>{PAYMENT_STATE_LABELS[state]}</Badge>;
}

function AccountFacts({ account }: { account: PaymentAccountStatus }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <Fact label="Details submitted">{yesNo(account.detailsSubmitted)}</Fact>
      <Fact label="Charges enabled">{yesNo(account.chargesEnabled)}</Fact>
      <Fact label="Payouts enabled">{yesNo(account.payoutsEnabled)}</Fact>
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-field-50 px-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-field-950">{children}</dd>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** "individual.verification.document" -> "Individual verification document". */
function readableRequirement(item: string): string {
  const text = item.replace(/[._]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
