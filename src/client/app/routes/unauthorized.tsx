import { ComingSoon } from "./coming-soon";

export function UnauthorizedRedirect() {
  return <ComingSoon title="Unauthorized" />;
}
