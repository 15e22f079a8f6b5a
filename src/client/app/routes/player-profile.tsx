import { ComingSoon } from "./coming-soon";

export function PlayerProfilePage() {
  return <ComingSoon title="Player Profile" />;
}
