import { lazy, Suspense } from "react";
import { AdminPanel } from "../../features/admin/components/admin-panel";
import { Spinner } from "../../components/ui/spinner";
import { useCurrentUser } from "../../lib/current-user";

// DESIGN.md 11: an admin refunds a family's unused credits pro rata; read only when its tab opens.
// DESIGN 12, Moderation: the reported messages and their four actions, also on /messages.
const MessageReports = lazy(async () => ({
  default: (await import("../../features/messages/components/message-reports")).MessageReports,
}));
const MyCredits = lazy(async () => ({ default: (await import("../../features/packages/components/my-credits")).MyCredits }));

export function AdminPage() {
  // Admins only: the router's role guard (contract/pages.ts).
  const { user } = useCurrentUser();
  return (
    <AdminPanel
      extraTabs={[
        {
          value: "reported-messages",
          label: "Reported messages",
          content: (
            <Suspense fallback={<Spinner label="Loading reports..." />}>
              <MessageReports viewerId={user?.id ?? 0} />
            </Suspense>
          ),
        },
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
