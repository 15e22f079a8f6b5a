import type { Booking } from "../../../../contract/bookings";
import type { CreatePaymentIntentRequest, PaymentIntentResponse, SimulatedConfirmResponse } from "../../../../contract/payments";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/create-payment-intent: by bookingId, or by timeSlotId + sessions + duration + sessionType. */
export const createPaymentIntent = (input: CreatePaymentIntentRequest) =>
  apiRequest<PaymentIntentResponse>("POST", "/api/create-payment-intent", input);

/** player-side 7: tipAmount is sent only when the tip is above 0; leaving it out sets the tip back to 0. */
export const updatePaymentIntent = (bookingId: number, tipAmount: string | null) =>
  apiRequest<PaymentIntentResponse>("POST", "/api/update-payment-intent", tipAmount ? { bookingId, tipAmount } : { bookingId });

export const confirmPayment = (paymentIntentId: string) => apiRequest<Booking>("POST", "/api/confirm-payment", { paymentIntentId });

/** DESIGN.md 8: the simulated provider's card check. */
export const confirmSimulatedCard = (paymentIntentId: string, cardNumber: string) =>
  apiRequest<SimulatedConfirmResponse>("POST", "/api/payments/simulated/confirm", { paymentIntentId, cardNumber });

export const getSessionDetails = (sessionId: string) =>
  apiRequest<{ paymentIntentId: string }>("POST", "/api/stripe/session-details", { sessionId });
