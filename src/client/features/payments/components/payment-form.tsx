import { Suspense } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import type { PaymentIntentResponse } from "@contract/payments";
import { Spinner } from "@client/components/ui/spinner";
import { SimulatedCardForm } from "./simulated-card-form";

// DESIGN.md 9: Stripe's libraries load only when Stripe keys are set, so they stay out of the main bundle.
const StripePaymentForm = lazyWithReload(async () => ({ default: (await import("./stripe-payment-form")).StripePaymentForm }));

/** The card form of the provider the server chose: Stripe's Payment Element, else the simulated card form. */
export function PaymentForm({
  intent,
  disabled,
  onSucceeded,
}: {
  /** A booking's intent, or any checkout's (a package purchase) with the same payment fields. */
  intent: Pick<PaymentIntentResponse, "provider" | "publishableKey" | "clientSecret" | "paymentIntentId" | "totalAmount">;
  disabled?: boolean;
  onSucceeded: (paymentIntentId: string) => Promise<void>;
}) {
  if (intent.provider === "stripe" && intent.publishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading payment form..." />}>
        <StripePaymentForm
          publishableKey={intent.publishableKey}
          clientSecret={intent.clientSecret}
          totalAmount={intent.totalAmount}
          disabled={disabled}
          onSucceeded={onSucceeded}
        />
      </Suspense>
    );
  }
  return (
    <SimulatedCardForm
      paymentIntentId={intent.paymentIntentId}
      totalAmount={intent.totalAmount}
      disabled={disabled}
      onSucceeded={onSucceeded}
    />
  );
}
