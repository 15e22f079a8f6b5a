import { ComingSoon } from "./coming-soon";

export function CoachSetupPage() {
  return <ComingSoon title="Coach Setup" />;
}
