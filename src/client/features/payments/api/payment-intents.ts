import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Booking } from "@contract/bookings";
import type { CreatePaymentIntentRequest, PaymentIntentResponse, SimulatedConfirmResponse } from "@contract/payments";
import { apiRequest } from "@client/lib/api-client";
import { isUnderUrl, sharedKeys } from "@client/lib/query-keys";

export const paymentsKeys = {
  sessionDetails: (sessionId: string) => ["/api/stripe/session-details", sessionId] as const,
};

/** POST /api/create-payment-intent: by bookingId, or by timeSlotId + sessions + duration + sessionType. */
export const createPaymentIntent = (input: CreatePaymentIntentRequest) =>
  apiRequest<PaymentIntentResponse>("POST", "/api/create-payment-intent", input);

/**
 * Creating an intent books the slot (or renews a booking's hold), so it is a mutation the checkout
 * sends once per visit, never a cached query: the tip or the hold may have changed since the last one.
 */
export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}

/** player-side 7: tipAmount is sent only when the tip is above 0; leaving it out sets the tip back to 0. */
const updatePaymentIntent = ({ bookingId, tipAmount }: { bookingId: number; tipAmount: string | null }) =>
  apiRequest<PaymentIntentResponse>("POST", "/api/update-payment-intent", tipAmount ? { bookingId, tipAmount } : { bookingId });

export function useUpdatePaymentIntent() {
  return useMutation({ mutationFn: updatePaymentIntent });
}

export const confirmPayment = (paymentIntentId: string) => apiRequest<Booking>("POST", "/api/confirm-payment", { paymentIntentId });

/** A paid booking holds its seat: every booking list and the coach's slots change. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: isUnderUrl("/api/bookings") });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.slots });
    },
  });
}

/** DESIGN.md 8: the simulated provider's card check. */
const confirmSimulatedCard = ({ paymentIntentId, cardNumber }: { paymentIntentId: string; cardNumber: string }) =>
  apiRequest<SimulatedConfirmResponse>("POST", "/api/payments/simulated/confirm", { paymentIntentId, cardNumber });

export function useConfirmSimulatedCard() {
  return useMutation({ mutationFn: confirmSimulatedCard });
}

const getSessionDetails = (sessionId: string) =>
  apiRequest<{ paymentIntentId: string }>("POST", "/api/stripe/session-details", { sessionId });

/** The provider's payment reference for its checkout session (the success page). */
export const sessionDetailsQuery = (sessionId: string) =>
  queryOptions({ queryKey: paymentsKeys.sessionDetails(sessionId), queryFn: () => getSessionDetails(sessionId) });
