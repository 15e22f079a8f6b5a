import { ComingSoon } from "./coming-soon";

export function LandingPage() {
  return <ComingSoon title="Landing" />;
}
