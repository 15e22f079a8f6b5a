import { lazy, Suspense } from "react";
import { AdminPanel } from "../../features/admin/components/admin-panel";
import { Spinner } from "../../components/ui/spinner";

// DESIGN.md 11: an admin refunds a family's unused credits pro rata; read only when its tab opens.
const MyCredits = lazy(async () => ({ default: (await import("../../features/packages/components/my-credits")).MyCredits }));

export function AdminPage() {
  // Admins only: the router's role guard (contract/pages.ts).
  return (
    <AdminPanel
      extraTabs={[
        {
          value: "package-credits",
          label: "Package credits",
          content: (
            <Suspense fallback={<Spinner label="Loading credits..." />}>
              <MyCredits title="Package credits" canRefund emptyText="No family has bought a package yet." />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
