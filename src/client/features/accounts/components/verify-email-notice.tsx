import { MailWarning } from "lucide-react";
import { Suspense } from "react";
import { lazyWithReload } from "../../../lib/lazy-with-reload";
import type { CurrentUser } from "@contract/accounts";

// The button brings the Button component, toasts and the mutation: loaded after the notice shows,
// in a placeholder of its own size, so the page below does not move when it arrives.
const LazyResendVerificationButton = lazyWithReload(async () => ({
  default: (await import("./resend-verification-button")).ResendVerificationButton,
}));

/**
 * DESIGN.md 10: a signed-in user whose address is not verified (or who is changing it) is asked to
 * follow the link, and can have it sent again. Part of the signed-in shell's first paint (not
 * loaded later), so it never pushes the page down after it has shown.
 */
export function VerifyEmailNotice({ user }: { user: Pick<CurrentUser, "email" | "emailVerified" | "pendingEmail"> }) {
  const waitingFor = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (!waitingFor) return null;
  return (
    <div role="status" className="border-b border-accent-400 bg-accent-200 text-field-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <MailWarning aria-hidden className="size-5 shrink-0 text-field-800" />
        {/* A long address breaks anywhere rather than pushing the page wider than a phone (issue 29). */}
        <p className="min-w-0 flex-1 basis-64 text-sm [overflow-wrap:anywhere]">
          <strong className="font-semibold">Verify your e-mail.</strong>{" "}
          {user.pendingEmail
            ? `Follow the link we sent to ${user.pendingEmail} to start using it; until then we keep using ${user.email}.`
            : `Follow the link we sent to ${user.email} to confirm it is yours.`}
        </p>
        <Suspense fallback={<span aria-hidden className="inline-block h-9 w-[6.5rem]" />}>
          <LazyResendVerificationButton />
        </Suspense>
      </div>
    </div>
  );
}
