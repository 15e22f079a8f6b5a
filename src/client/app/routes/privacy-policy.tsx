import { ComingSoon } from "./coming-soon";

export function PrivacyPolicyPage() {
  return <ComingSoon title="Privacy Policy" />;
}
