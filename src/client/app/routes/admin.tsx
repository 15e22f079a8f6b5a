import { AdminPanel } from "../../features/admin/components/admin-panel";

export function AdminPage() {
  // Admins only: the router's role guard (contract/pages.ts).
  return <AdminPanel />;
}
