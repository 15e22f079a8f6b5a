import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@client/components/ui/button";
import { paths } from "@client/config/paths";
import { showPaymentError, showPaymentFailed } from "./payment-feedback";

/** One Stripe.js per publishable key for the life of the page. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

type StripeFormProps = {
  publishableKey: string;
  clientSecret: string;
  totalAmount: string;
  disabled?: boolean;
  onSucceeded: (paymentIntentId: string) => Promise<void>;
};

/** Stripe's Payment Element; loaded as its own chunk only when the server names Stripe as the provider. */
export function StripePaymentForm({ publishableKey, clientSecret, ...rest }: StripeFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripeForm {...rest} />
    </Elements>
  );
}

function StripeForm({ totalAmount, disabled, onSucceeded }: Omit<StripeFormProps, "publishableKey" | "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const [isProcessing, setIsProcessing] = useState(false);

  // A tip changes the intent's amount on the server; the element picks the new amount up here.
  useEffect(() => {
    void elements?.fetchUpdates();
  }, [elements, totalAmount]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || isProcessing) return;
    setIsProcessing(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: `${window.location.origin}${paths.bookingSuccess}` },
      });
      if (error) {
        showPaymentFailed(error.message ?? "Your payment could not be completed.");
        return;
      }
      if (paymentIntent?.status === "succeeded") await onSucceeded(paymentIntent.id);
      // A bank debit or a slow bank: the success page waits for it, as after a 3-D Secure return.
      else if (paymentIntent?.status === "processing") {
        const query = new URLSearchParams({ payment_intent: paymentIntent.id, redirect_status: "processing" });
        window.location.assign(`${paths.bookingSuccess}?${query.toString()}`);
      }
    } catch (error) {
      showPaymentError(error);
    } finally {
      setIsProcessing(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || disabled || isProcessing} isLoading={isProcessing}>
        {isProcessing ? "Processing..." : `Pay $${totalAmount}`}
      </Button>
    </form>
  );
}
