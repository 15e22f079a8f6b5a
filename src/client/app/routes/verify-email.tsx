import { CircleCheck } from "lucide-react";
import { useSearch } from "wouter";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useVerifyEmail } from "../../features/accounts/api/email-verification";
import { AuthCard, AuthCardLink, LinkExpiredCard } from "../../features/accounts/components/auth-card";
import { useCurrentUser } from "../../lib/current-user";
import { messageOr } from "../../lib/handle-unauthorized";

/** /verify-email?token=... (DESIGN.md 10): the link mailed at registration and at every e-mail change. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const verify = useVerifyEmail(token);
  const { user } = useCurrentUser();
  const next = user ? { href: paths.root, label: "Continue" } : { href: paths.login, label: "Continue to Login" };

  if (token && verify.isPending) return <FullPageSpinner label="Verifying your e-mail..." />;

  if (verify.isSuccess) {
    return (
      <AuthCard icon={<CircleCheck aria-hidden />} title="E-mail Verified" description={`${verify.data.email} is verified. Thank you!`}>
        <AuthCardLink href={next.href}>{next.label}</AuthCardLink>
      </AuthCard>
    );
  }

  return (
    <LinkExpiredCard
      description={
        <>
          {token ? messageOr(verify.error, "This verification link is invalid or has expired") : "This verification link is incomplete."}{" "}
          Verification links work once and for 48 hours. Sign in to send a new one.
        </>
      }
    >
      <AuthCardLink href={next.href}>{next.label}</AuthCardLink>
    </LinkExpiredCard>
  );
}
