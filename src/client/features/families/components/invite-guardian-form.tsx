import { InviteGuardianRequestSchema } from "@contract/families";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useInviteGuardian } from "../api/families";

const FAILED = "Could not send the invitation";

/**
 * The family page's invitation by e-mail. The browser checks the address first (its `required` and
 * type), as before this form was on useSchemaForm; the contract's rule then says what the server
 * would, in the same toast.
 */
export function InviteGuardianForm() {
  const invite = useInviteGuardian();
  const form = useSchemaForm(InviteGuardianRequestSchema, { email: "" }, { fallbackTitle: FAILED });

  const send = form.submit(({ email }) => {
    // The toast names the address as it was typed; the request sends it as the contract reads it.
    const typed = form.getValues("email");
    invite.mutate(email, {
      onSuccess: () => {
        toast({ title: "Invitation sent", description: `We e-mailed an invitation to ${typed}.`, variant: "success" });
        form.reset({ email: "" });
      },
      onError: (error) => {
        form.showServerError(error);
        toast({ title: FAILED, description: messageOr(error, FAILED), variant: "destructive" });
      },
    });
  });

  return (
    <form onSubmit={(e) => void send(e)} className="flex flex-wrap items-end gap-2">
      <FormField
        label="Invite a guardian by e-mail"
        required
        error={form.formState.errors.email?.message}
        className="min-w-0 flex-1 basis-56"
      >
        {/* Another person's address: the browser should not offer the user's own. */}
        <Input type="email" autoComplete="off" {...form.register("email")} required />
      </FormField>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? "Sending..." : "Send invitation"}
      </Button>
    </form>
  );
}
