import { Suspense } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { AdminPanel } from "../../features/admin/components/admin-panel";
import { Spinner } from "../../components/ui/spinner";
import { useCurrentUser } from "../../lib/current-user";

// DESIGN.md 11: an admin refunds a family's unused credits pro rata; read only when its tab opens.
// DESIGN 12, Moderation: the reported messages and their four actions, also on /messages.
const MessageReports = lazyWithReload(async () => ({
  default: (await import("../../features/messages/components/message-reports")).MessageReports,
}));
const MyCredits = lazyWithReload(async () => ({ default: (await import("../../features/packages/components/my-credits")).MyCredits }));
// DESIGN 12, Verified coaches: the credentials waiting for an admin; read only when its tab opens.
const VerificationQueue = lazyWithReload(async () => ({
  default: (await import("../../features/credentials/components/verification-queue")).VerificationQueue,
}));

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
          value: "verification",
          label: "Verification",
          content: (
            <Suspense fallback={<Spinner label="Loading the queue..." />}>
              <VerificationQueue />
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
