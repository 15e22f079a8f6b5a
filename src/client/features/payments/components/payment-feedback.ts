import { toast } from "@client/components/ui/toast";
import { isUnauthorized } from "@client/lib/api-client";

/** player-side 8: the provider refused the card; its own words are shown. */
export function showPaymentFailed(message: string) {
  toast({ title: "Payment Failed", description: message, variant: "destructive" });
}

/** Anything else that went wrong while paying (network, server, a 401). */
export function showPaymentError(error: unknown) {
  if (isUnauthorized(error)) return;
  toast({ title: "Payment Error", description: "There was an error processing your payment. Please try again.", variant: "destructive" });
}
