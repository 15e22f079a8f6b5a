import { RoleGuard } from "../role-guard";
import { AdminPanel } from "../../features/admin/components/admin-panel";

export function AdminPage() {
  return (
    <RoleGuard allow="admin">
      <AdminPanel />
    </RoleGuard>
  );
}
