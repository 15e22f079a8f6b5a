import { Lock } from "lucide-react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { useConfirmSimulatedCard } from "../api/payment-intents";
import { cardDigits, formatCardNumber, formatExpiry, isCompleteExpiry } from "./card-format";
import { showPaymentError, showPaymentFailed } from "./payment-feedback";

const digitsUpTo = (count: number) => (text: string) => text.replace(/\D/g, "").slice(0, count);

type Errors = Partial<Record<"cardNumber" | "expiry" | "cvc" | "zip", string>>;

function validate(values: { cardNumber: string; expiry: string; cvc: string; zip: string }): Errors {
  const errors: Errors = {};
  const digits = cardDigits(values.cardNumber);
  if (digits.length < 12) errors.cardNumber = "Your card number is incomplete.";
  if (!isCompleteExpiry(values.expiry)) errors.expiry = "Your card's expiration date is incomplete.";
  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = "Your card's security code is incomplete.";
  if (!/^\d{5}$/.test(values.zip)) errors.zip = "Your ZIP code is incomplete.";
  return errors;
}

/**
 * DESIGN.md 8: the simulated provider's card form. It follows Stripe's test cards (the server
 * decides: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined), so demos and tests
 * pay the same way they would with the real provider.
 */
export function SimulatedCardForm({
  paymentIntentId,
  totalAmount,
  disabled,
  onSucceeded,
}: {
  paymentIntentId: string;
  totalAmount: string;
  disabled?: boolean;
  /** Called once the provider accepted the card; the form shows "Processing..." until it settles. */
  onSucceeded: (paymentIntentId: string) => Promise<void>;
}) {
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [zip, setZip] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [isProcessing, setIsProcessing] = useState(false);
  const confirmCard = useConfirmSimulatedCard();

  /** A card field: typed on the number pad, reformatted at each keystroke from what was typed and the value before, locked while paying. */
  function typed(value: string, set: (value: string) => void, format: (text: string, previous: string) => string) {
    return {
      inputMode: "numeric" as const,
      value,
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(format(e.target.value, value)),
      disabled: isProcessing,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isProcessing) return;
    const found = validate({ cardNumber, expiry, cvc, zip });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsProcessing(true);
    try {
      const result = await confirmCard.mutateAsync({ paymentIntentId, cardNumber: cardDigits(cardNumber) });
      if (result.status === "failed") {
        showPaymentFailed(result.message);
        return;
      }
      await onSucceeded(paymentIntentId);
    } catch (error) {
      showPaymentError(error);
    } finally {
      setIsProcessing(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label="Card payment">
      <FormField label="Card number" error={errors.cardNumber}>
        <Input autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...typed(cardNumber, setCardNumber, formatCardNumber)} />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiration date" error={errors.expiry}>
          <Input autoComplete="cc-exp" placeholder="MM / YY" {...typed(expiry, setExpiry, formatExpiry)} />
        </FormField>
        <FormField label="Security code" error={errors.cvc}>
          <Input autoComplete="cc-csc" placeholder="CVC" maxLength={4} {...typed(cvc, setCvc, digitsUpTo(4))} />
        </FormField>
      </div>
      <FormField label="ZIP code" error={errors.zip}>
        <Input autoComplete="postal-code" placeholder="12345" maxLength={5} {...typed(zip, setZip, digitsUpTo(5))} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={disabled || isProcessing} isLoading={isProcessing}>
        {isProcessing ? "Processing..." : `Pay $${totalAmount}`}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-slate-600">
        <Lock aria-hidden className="size-3.5" /> Test mode: no real card is charged.
      </p>
    </form>
  );
}
