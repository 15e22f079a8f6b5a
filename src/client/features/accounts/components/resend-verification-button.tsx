import { Button } from "@client/components/ui/button";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useResendVerification } from "../api/email-verification";
import { isUnauthorized } from "@client/lib/api-client";

/** "Resend link" of the e-mail verification notice. */
export function ResendVerificationButton() {
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast({ title: "Verification e-mail sent", description: answer.message, variant: "success" }),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({ title: "Error", description: messageOr(error, "Failed to send the verification e-mail"), variant: "destructive" });
      },
    });
  return (
    <Button type="button" size="sm" variant="outline" onClick={onResend} disabled={resend.isPending}>
      {resend.isPending ? "Sending..." : "Resend link"}
    </Button>
  );
}
