import { ComingSoon } from "./coming-soon";

export function AdminPage() {
  return <ComingSoon title="Admin" />;
}
