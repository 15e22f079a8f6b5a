import { ComingSoon } from "./coming-soon";

export function NotFoundPage() {
  return <ComingSoon title="Not Found" />;
}
