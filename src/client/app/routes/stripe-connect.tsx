import { useSearch } from "wouter";
import { WizardFrame } from "../../components/ui/wizard-frame";
import { PaymentAccountPanel } from "../../features/payouts/components/payment-account-panel";
import { PAYMENT_SETUP_FRAME } from "../../features/payouts/payment-setup-frame";

/** /coach/stripe-connect (coach-side 2): the payout account's state and the step that moves it on. */
export function StripeConnectPage() {
  const search = useSearch();
  const justReturned = new URLSearchParams(search).get("success") === "true";
  return (
    <WizardFrame {...PAYMENT_SETUP_FRAME}>
      <PaymentAccountPanel justReturned={justReturned} />
    </WizardFrame>
  );
}
