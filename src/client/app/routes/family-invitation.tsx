import { Users } from "lucide-react";
import { Link, useLocation, useParams } from "wouter";
import { Button } from "../../components/ui/button";
import { FullPageSpinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { AuthCard } from "../../features/accounts/components/auth-card";
import { useAcceptInvitation, useInvitationPreview } from "../../features/families/api/families";
import { messageOr } from "../../lib/handle-unauthorized";

/** /family/invitations/{token} (DESIGN.md 11): the invited guardian accepts, signed in with the invited address. */
export function FamilyInvitationPage() {
  const { token = "" } = useParams<{ token: string }>();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [, navigate] = useLocation();

  if (preview.isPending) return <FullPageSpinner label="Opening the invitation..." />;
  if (preview.isError) {
    return (
      <AuthCard
        icon={<Users aria-hidden />}
        title="Invitation unavailable"
        description={messageOr(preview.error, "This invitation cannot be opened.")}
      >
        <Button asChild className="w-full">
          <Link href={paths.root}>Go home</Link>
        </Button>
      </AuthCard>
    );
  }
  const { invitedBy, athletes } = preview.data;
  return (
    <AuthCard
      icon={<Users aria-hidden />}
      title="Join a family"
      description={`${invitedBy} invited you to join their family as a guardian${athletes.length ? ` (${athletes.join(", ")})` : ""}.`}
    >
      <p className="mb-4 text-sm text-slate-600">
        As a guardian you see, book, pay for and cancel the family's sessions, and get its e-mails and texts.
      </p>
      <Button
        type="button"
        className="w-full"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (r) => {
              toast({ title: "Invitation accepted", description: r.message, variant: "success" });
              navigate(paths.family);
            },
            onError: (error) =>
              toast({ title: "Could not accept", description: messageOr(error, "Could not accept"), variant: "destructive" }),
          })
        }
      >
        {accept.isPending ? "Joining..." : "Accept invitation"}
      </Button>
    </AuthCard>
  );
}
