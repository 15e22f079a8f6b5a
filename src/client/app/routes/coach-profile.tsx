import { ComingSoon } from "./coming-soon";

export function CoachProfilePage() {
  return <ComingSoon title="Coach Profile" />;
}
