import { ComingSoon } from "./coming-soon";

export function MatchCoachesPage() {
  return <ComingSoon title="Match Coaches" />;
}
