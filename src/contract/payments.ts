import { z } from "zod";
import { OptionalAthleteIdSchema } from "./families";
import { SessionTypeSchema } from "./coaches";
import type { SessionType } from "./coach-basics";
import { decimalToCents } from "./money";
import { idField, requiredTextField, sessionDurationField } from "./fields";
import { BookingMessages, MAX_SERIES_WEEKS } from "./booking-basics";

/** Largest tip accepted, in cents ($1,000.00): a typo guard, not a business rule. */
export const MAX_TIP_CENTS = 100_000;

export const PaymentMessages = {
  ONLY_PLAYERS: "Only players can pay for sessions",
  TIP_NEGATIVE: "Tip cannot be negative",
  TIP_INVALID: "Please enter a valid tip amount (at most 2 decimals)",
  TIP_TOO_LARGE: "Tip cannot be more than $1000.00",
  BOOKING_REQUIRED: "Please choose a booking or a time slot to pay for",
  PAYMENT_INTENT_REQUIRED: "paymentIntentId is required",
  CARD_REQUIRED: "Card number is required",
  SESSION_ID_REQUIRED: "sessionId is required",
  NOT_PAID: "Payment has not been completed.",
  PAYMENT_NOT_FOUND: "Payment not found",
  CANNOT_CHANGE: "This payment can no longer be changed.",
  TIP_ONE_SESSION: "A tip can be added when paying for one session; this payment covers several.",
  INVALID_SIGNATURE: "Invalid signature",
  PROVIDER_ERROR: "Payment Error - There was an error processing your payment. Please try again.",
} as const;

/**
 * POST /api/create-payment-intent: an existing booking (bookingId), or a time slot to book first
 * (timeSlotId + sessions + duration + sessionType, the checkout page's query). `sessions` is
 * always 1: one booking is one session.
 */
export const CreatePaymentIntentRequestSchema = z.union(
  [
    /** Several pending bookings of one family in one payment (siblings in one session; DESIGN.md 11). */
    z.object({
      bookingIds: z
        .array(idField(PaymentMessages.BOOKING_REQUIRED), { message: PaymentMessages.BOOKING_REQUIRED })
        .min(1, { message: PaymentMessages.BOOKING_REQUIRED })
        .max(MAX_SERIES_WEEKS, { message: `At most ${MAX_SERIES_WEEKS} sessions can be paid at once` })
        .transform((ids) => [...new Set(ids)]),
    }),
    z.object({ bookingId: idField(PaymentMessages.BOOKING_REQUIRED) }),
    z.object({
      timeSlotId: idField(PaymentMessages.BOOKING_REQUIRED),
      sessions: z
        .union([z.literal(1), z.literal("1")], { message: "Only one session can be booked at a time" })
        .optional()
        .transform(() => 1 as const),
      duration: sessionDurationField(BookingMessages.SELECT_DURATION).optional(),
      sessionType: SessionTypeSchema.optional(),
      preferredStartTime: z.string().optional(),
      notes: z.string().optional(),
      athleteId: OptionalAthleteIdSchema,
    }),
  ],
  { message: PaymentMessages.BOOKING_REQUIRED },
);
export type CreatePaymentIntentRequest = z.input<typeof CreatePaymentIntentRequestSchema>;

/**
 * A tip as typed: a number or decimal text, at most 2 decimals. Negative tips are refused here
 * (the checkout turns them into 0 before sending).
 */
export const TipAmountSchema = z
  .union([z.number(), z.string().trim()], { message: PaymentMessages.TIP_INVALID })
  .transform((value, ctx) => {
    const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : value === "" ? "0" : value;
    if (/^-/.test(text) && !/^-0*(\.0*)?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: PaymentMessages.TIP_NEGATIVE });
      return z.NEVER;
    }
    const cents = decimalToCents(text.replace(/^-/, ""));
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: PaymentMessages.TIP_INVALID });
      return z.NEVER;
    }
    if (cents > MAX_TIP_CENTS) {
      ctx.addIssue({ code: "custom", message: PaymentMessages.TIP_TOO_LARGE });
      return z.NEVER;
    }
    return cents;
  });

/** POST /api/update-payment-intent: the client sends tipAmount only when the tip is above 0; absent means 0. */
export const UpdatePaymentIntentRequestSchema = z.object({
  bookingId: idField(PaymentMessages.BOOKING_REQUIRED),
  tipAmount: TipAmountSchema.optional().transform((v) => v ?? 0),
});

const paymentIntentIdField = requiredTextField(PaymentMessages.PAYMENT_INTENT_REQUIRED, 255);

export const ConfirmPaymentRequestSchema = z.object({ paymentIntentId: paymentIntentIdField });

/** DESIGN.md 8: the simulated card form's submission. */
export const SimulatedConfirmRequestSchema = z.object({
  paymentIntentId: paymentIntentIdField,
  cardNumber: requiredTextField(PaymentMessages.CARD_REQUIRED, 40),
});

export type SimulatedConfirmResponse = { status: "succeeded" } | { status: "failed"; message: string };

/** POST /api/stripe/session-details: a payment intent id, or the id of one of the caller's bookings. */
export const SessionDetailsRequestSchema = z.object({
  sessionId: z
    .union([z.string(), z.number()], { message: PaymentMessages.SESSION_ID_REQUIRED })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, { message: PaymentMessages.SESSION_ID_REQUIRED }).max(255, { message: PaymentMessages.SESSION_ID_REQUIRED })),
});

/** The payment intent response (player-side 3) plus what the checkout's payment form needs. */
export type PaymentIntentResponse = {
  clientSecret: string;
  paymentIntentId: string;
  bookingId: number;
  /** Every booking this payment pays (one, or several of one family's checkout). */
  bookingIds: number[];
  totalAmount: string;
  tipAmount: string;
  platformFee: string;
  coachEarnings: string;
  rate: string;
  coachName: string;
  sessionDate: string;
  sessionTime: string;
  duration: number;
  sessionType: SessionType;
  /** Until when the seat is held (ISO). */
  holdExpiresAt: string | null;
  provider: "stripe" | "simulated";
  /** Stripe's publishable key; absent for the simulated card form. */
  publishableKey?: string;
};
