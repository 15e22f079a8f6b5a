import { ComingSoon } from "./coming-soon";

export function CoachDashboardPage() {
  return <ComingSoon title="Coach Dashboard" />;
}
