import { Redirect, useLocation } from "wouter";
import { needsPlayerSetup } from "@contract/accounts";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { OnboardingWizard } from "../../features/players/components/onboarding-wizard";

/** /player-onboarding, and / for a player who still lacks a phone number or a position. */
export function PlayerOnboardingPage() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  if (isLoading) return <FullPageSpinner label="Loading..." />;
  if (!user) return <Redirect to={paths.login} replace />;
  // Set-up done (or not a player): the wizard has nothing to ask.
  if (!needsPlayerSetup(user) && location !== paths.root) return <Redirect to={paths.root} replace />;
  if (!needsPlayerSetup(user)) return null;
  return <OnboardingWizard user={user} />;
}
