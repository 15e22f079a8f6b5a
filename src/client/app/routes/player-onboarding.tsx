import { ComingSoon } from "./coming-soon";

export function PlayerOnboardingPage() {
  return <ComingSoon title="Player Onboarding" />;
}
