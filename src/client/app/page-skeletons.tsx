import type { ReactElement } from "react";
import type { PageModule } from "@contract/pages";
import { PageSkeleton } from "../components/ui/page-skeleton";
import { WizardSkeleton } from "../components/ui/wizard-frame";
import { COACH_SETUP_FRAME } from "../features/coaches/setup-frame";
import { PLAYER_SETUP_FRAME } from "../features/players/setup-frame";

/**
 * What a page shows while its code loads, and what the server paints as its first screen
 * (first-screen.tsx): the setup wizards their own frame (the heading and lead, which are their
 * largest text), every other page the general skeleton.
 */
export function pageSkeletonOf(module: PageModule | "not-found" | "unauthorized"): ReactElement {
  if (module === "player-onboarding") return <WizardSkeleton {...PLAYER_SETUP_FRAME} />;
  if (module === "coach-onboarding") return <WizardSkeleton {...COACH_SETUP_FRAME} />;
  return <PageSkeleton />;
}
