import { ComingSoon } from "./coming-soon";

export function MySessionRequestsPage() {
  return <ComingSoon title="My Session Requests" />;
}
