import { ComingSoon } from "./coming-soon";

export function HomePage() {
  return <ComingSoon title="Home" />;
}
