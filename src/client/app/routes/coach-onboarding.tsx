import { ComingSoon } from "./coming-soon";

export function CoachOnboardingPage() {
  return <ComingSoon title="Coach Onboarding" />;
}
