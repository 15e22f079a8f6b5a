import { useSearch } from "wouter";
import { useCurrentUser } from "../../lib/current-user";
import { CoachOnboardingWizard } from "../../features/payouts/components/coach-onboarding-wizard";

/** /coach-onboarding (coach-side 2): five steps outside the navigation shell; ?stripe=success|refresh on return from the provider. */
export function CoachOnboardingPage() {
  const { user } = useCurrentUser();
  const stripe = new URLSearchParams(useSearch()).get("stripe");
  return user ? <CoachOnboardingWizard user={user} stripe={stripe} /> : null;
}
