import type { WizardFrameProps } from "@client/components/ui/wizard-frame";

/**
 * The payment account page's heading and lead, shared with its first screen (app/page-skeletons.tsx):
 * the lead is the page's largest text, so the server paints it before any script has come.
 */
export const PAYMENT_SETUP_FRAME: WizardFrameProps = {
  title: "Payment Setup",
  lead: "Students pay when they book. Your session rate and tips are sent to your payout account after you submit feedback for a session.",
  width: "max-w-3xl",
};
