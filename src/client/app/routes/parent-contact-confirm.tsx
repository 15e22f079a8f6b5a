import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { useSearch } from "wouter";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { AuthCard, AuthCardLink, LinkExpiredCard } from "../../features/accounts/components/auth-card";
import { useConfirmParentContact } from "../../features/families/api/families";
import { messageOr } from "../../lib/handle-unauthorized";

/**
 * /family/parent-contact/confirm?token=... (DESIGN.md 12): the link mailed to a minor's parent
 * contact. Following it confirms the address, which then receives the text of every message.
 */
export function ParentContactConfirmPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const confirm = useConfirmParentContact();
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  if (token && (confirm.isIdle || confirm.isPending)) return <FullPageSpinner label="Confirming your address..." />;
  if (confirm.isSuccess) {
    return (
      <AuthCard icon={<CircleCheck aria-hidden />} title="Address Confirmed" description={confirm.data.message}>
        <AuthCardLink href={paths.root}>Continue</AuthCardLink>
      </AuthCard>
    );
  }
  return (
    <LinkExpiredCard
      description={
        token ? messageOr(confirm.error, "This confirmation link is invalid or has expired.") : "This confirmation link is incomplete."
      }
    >
      <AuthCardLink href={paths.root}>Go home</AuthCardLink>
    </LinkExpiredCard>
  );
}
