import type { WizardFrameProps } from "@client/components/ui/wizard-frame";

/** The player's setup wizard's heading and lead, shared with its first screen (app/page-skeletons.tsx). */
export const PLAYER_SETUP_FRAME: WizardFrameProps = {
  title: "Player Setup",
  lead: "A few details and you can start finding coaches.",
  width: "max-w-2xl",
};
