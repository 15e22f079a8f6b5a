import { useSearch } from "wouter";
import { PaymentAccountPanel } from "../../features/payouts/components/payment-account-panel";

/** /coach/stripe-connect (coach-side 2): the payout account's state and the step that moves it on. */
export function StripeConnectPage() {
  const search = useSearch();
  const justReturned = new URLSearchParams(search).get("success") === "true";
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Payment Setup</h1>
        <p className="text-slate-600">
          Students pay when they book. Your session rate and tips are sent to your payout account after you submit feedback for a session.
        </p>
      </header>
      <PaymentAccountPanel justReturned={justReturned} />
    </div>
  );
}
