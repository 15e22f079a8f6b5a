import type { WizardFrameProps } from "@client/components/ui/wizard-frame";

/** The coach's setup wizard's heading and lead, shared with its first screen (app/page-skeletons.tsx). */
export const COACH_SETUP_FRAME: WizardFrameProps = {
  title: "Coach Setup",
  lead: "A few short steps and players can find and book you.",
  width: "max-w-3xl",
  tinted: true,
};
