import { ComingSoon } from "./coming-soon";

export function FindCoachesPage() {
  return <ComingSoon title="Find Coaches" />;
}
