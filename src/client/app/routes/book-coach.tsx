import { ComingSoon } from "./coming-soon";

export function BookCoachPage() {
  return <ComingSoon title="Book Coach" />;
}
