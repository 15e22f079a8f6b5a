import type { ReactElement } from "react";
import type { PageModule } from "@contract/pages";
import { PageSkeleton } from "../components/ui/page-skeleton";
import { WizardSkeleton } from "../components/ui/wizard-frame";
import { COACH_SETUP_FRAME } from "../features/coaches/setup-frame";
import { PLAYER_SETUP_FRAME } from "../features/players/setup-frame";
import { PAYMENT_SETUP_FRAME } from "../features/payouts/payment-setup-frame";

/**
 * The page the server paints in a signed-in page's first screen (first-screen.tsx): for the setup
 * wizards, outside the shell, and the payment account page, inside it, their own frame (the heading
 * and lead, their largest text), which the page draws first too; for every other page the skeleton
 * the app shows while the page's code loads. A bare page takes the first screen's place once it has
 * drawn itself (router.tsx), a shell page once the shell has.
 */
export function pageSkeletonOf(module: PageModule): ReactElement {
  if (module === "player-onboarding") return <WizardSkeleton {...PLAYER_SETUP_FRAME} />;
  if (module === "coach-onboarding") return <WizardSkeleton {...COACH_SETUP_FRAME} />;
  if (module === "stripe-connect") return <WizardSkeleton {...PAYMENT_SETUP_FRAME} />;
  return <PageSkeleton />;
}
