import { z } from "zod";
import { SkillRatingsSchema } from "./progress";
import { requiredTextField, starRatingField } from "./fields";

/** Texts of the payout account, cancellation and feedback calls (coach-side 5 and 8). */
export const PayoutMessages = {
  REASON_REQUIRED: "Please provide a reason for cancelling.",
  REASON_TOO_LONG: "The reason must be at most 1000 characters.",
  ONLY_CONFIRMED_PAID: "Only confirmed, paid sessions can be cancelled.",
  ALREADY_STARTED: "This session has already started and can no longer be cancelled.",
  NOT_YOUR_BOOKING: "You can only manage your own sessions.",
  CANCELLED: "Session Cancelled Successfully",
  FEEDBACK_REQUIRED: "Please provide feedback for this session.",
  FEEDBACK_TOO_LONG: "Feedback must be at most 5000 characters.",
  RATING_REQUIRED: "Please rate this session (1-5 stars).",
  FEEDBACK_NOT_COMPLETED: "Feedback can be submitted once the session is completed.",
  FEEDBACK_ALREADY: "Feedback has already been submitted for this session.",
  FEEDBACK_SUBMITTED: "Feedback Submitted",
  PROFILE_REQUIRED: "Please create your coach profile before setting up payments.",
  NO_ACCOUNT: "No payment account yet",
  SETUP_FIRST: "Complete your payment account setup first.",
  NOT_YOUR_ACCOUNT: "This payment account belongs to another coach.",
  PROVIDER_ERROR: "The payment provider could not be reached. Please try again.",
} as const;

export const MAX_CANCELLATION_REASON_LENGTH = 1000;
export const MAX_FEEDBACK_LENGTH = 5000;

/** POST /api/bookings/{id}/cancel: the reason is required and trimmed. */
export const CancelSessionRequestSchema = z.object({
  reason: requiredTextField(PayoutMessages.REASON_REQUIRED, MAX_CANCELLATION_REASON_LENGTH, PayoutMessages.REASON_TOO_LONG),
});
export type CancelSessionRequest = z.input<typeof CancelSessionRequestSchema>;

/** POST /api/bookings/{id}/submit-feedback: text and a whole 1-5 rating (a numeric string is accepted). */
export const SubmitFeedbackRequestSchema = z.object({
  feedback: requiredTextField(PayoutMessages.FEEDBACK_REQUIRED, MAX_FEEDBACK_LENGTH, PayoutMessages.FEEDBACK_TOO_LONG),
  rating: starRatingField(PayoutMessages.RATING_REQUIRED),
  /** Optional 1-5 ratings of skills of the athlete's position (DESIGN.md 11). */
  skills: SkillRatingsSchema.optional(),
});
export type SubmitFeedbackRequest = z.input<typeof SubmitFeedbackRequestSchema>;

/** Where the provider sends the coach back: the onboarding wizard or the payment account page. */
export const ConnectLinkRequestSchema = z.object({
  returnTo: z.enum(["onboarding", "stripe-connect"]).optional().catch(undefined),
});
export type ConnectLinkRequest = z.input<typeof ConnectLinkRequestSchema>;

/** POST /api/payments/simulated/onboarding/complete: the local onboarding page's button. */
export const SimulatedOnboardingCompleteRequestSchema = z.object({
  accountId: z.string({ message: "accountId is required" }).trim().min(1, { message: "accountId is required" }).max(255),
  returnTo: z.enum(["onboarding", "stripe-connect"]).optional().catch(undefined),
});
export type SimulatedOnboardingCompleteRequest = z.input<typeof SimulatedOnboardingCompleteRequestSchema>;

/** GET /api/stripe/connect/account-status (coach-side 3, payment account status). */
export type PaymentAccountStatus = {
  hasAccount: boolean;
  accountId: string | null;
  /** Ready to be paid: onboarding finished and payouts enabled. The onboarding wizard's step 3 gate. */
  accountComplete: boolean;
  /** The coach finished the provider's onboarding form (details submitted). */
  onboardingComplete: boolean;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: { currently_due: string[] };
};

export type ConnectLinkResponse = { url: string };
export type DashboardLinkResponse = { success: true; url: string } | { success: false; message: string };
export type SimulatedOnboardingCompleteResponse = { success: true; returnUrl: string };

/**
 * refunded: the provider accepted the refund; pending: it will be retried (never lost);
 * not_charged: the booking was still waiting for payment, so nothing was taken;
 * credit_returned: it was paid with a package credit, which the family has back (DESIGN.md 11).
 */
export type RefundStatus = "refunded" | "pending" | "not_charged" | "credit_returned";

export type AffectedBooking = {
  bookingId: number;
  studentId: number;
  studentName: string;
  refundAmount: string;
  refundStatus: RefundStatus;
};

export type CancelSessionResponse = {
  success: true;
  message: typeof PayoutMessages.CANCELLED;
  cancellation: { reason: string; affectedBookings: AffectedBooking[] };
};

export type PayoutStatus = "none" | "pending" | "paid" | "reversed" | "owed";

export type SubmitFeedbackResponse = {
  success: true;
  message: typeof PayoutMessages.FEEDBACK_SUBMITTED;
  booking: { id: number; feedbackSubmittedAt: string; payoutStatus: PayoutStatus };
};
