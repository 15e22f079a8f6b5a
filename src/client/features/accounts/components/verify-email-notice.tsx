import { MailWarning } from "lucide-react";
import type { CurrentUser } from "../../../../contract/accounts";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { handleUnauthorized, messageOr } from "../../../lib/handle-unauthorized";
import { useResendVerification } from "../api/email-verification";

/**
 * DESIGN.md 10: a signed-in user whose address is not verified (or who is changing it) is asked to
 * follow the link, and can have it sent again.
 */
export function VerifyEmailNotice({ user }: { user: Pick<CurrentUser, "email" | "emailVerified" | "pendingEmail"> }) {
  const resend = useResendVerification();
  const waitingFor = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (!waitingFor) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast({ title: "Verification e-mail sent", description: answer.message, variant: "success" }),
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({ title: "Error", description: messageOr(error, "Failed to send the verification e-mail"), variant: "destructive" });
      },
    });

  return (
    <div role="status" className="border-b border-accent-400 bg-accent-200 text-field-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <MailWarning aria-hidden className="size-5 shrink-0 text-field-800" />
        <p className="min-w-0 flex-1 text-sm">
          <strong className="font-semibold">Verify your e-mail.</strong>{" "}
          {user.pendingEmail
            ? `Follow the link we sent to ${user.pendingEmail} to start using it; until then we keep using ${user.email}.`
            : `Follow the link we sent to ${user.email} to confirm it is yours.`}
        </p>
        <Button type="button" size="sm" variant="outline" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? "Sending..." : "Resend link"}
        </Button>
      </div>
    </div>
  );
}
