import { ComingSoon } from "./coming-soon";

export function ManageSlotsPage() {
  return <ComingSoon title="Manage Slots" />;
}
