import { DeclineSessionRequestSchema } from "@contract/request-message";
import type { SessionRequest } from "@contract/requests";
import { MAX_REQUEST_MESSAGE_LENGTH, SessionRequestMessages } from "@contract/request-basics";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { toastFailure } from "@client/lib/toast-failure";
import type { useDeclineSessionRequest } from "../api/answer-session-request";

/** The decline dialog's optional message and buttons; a blank message is sent as none (the contract trims it). */
export function DeclineRequestForm({
  request,
  decline,
  onClose,
}: {
  request: SessionRequest;
  /** The dialog's request: it stays open while the decline is sent. */
  decline: ReturnType<typeof useDeclineSessionRequest>;
  onClose: () => void;
}) {
  const form = useSchemaForm(DeclineSessionRequestSchema, { message: "" }, { toastOnInvalid: false });
  const { errors } = form.formState;

  const send = form.submit(async ({ message }) => {
    try {
      await decline.mutateAsync({ requestId: request.id, message: message ?? undefined });
      toast({ title: SessionRequestMessages.DECLINED, description: "The player has been notified.", variant: "success" });
      onClose();
    } catch (error) {
      toastFailure(error, "Error", { fallback: SessionRequestMessages.DECLINE_FAILED });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void send(e)}>
      <FormField label="Message to the player (optional)" error={errors.message?.message}>
        <Textarea
          rows={3}
          maxLength={MAX_REQUEST_MESSAGE_LENGTH}
          placeholder="e.g. I'm away that weekend. Try the following week?"
          {...form.register("message")}
        />
      </FormField>
      <DialogFormFooter cancelLabel="Cancel" submitLabel="Decline Request" isPending={decline.isPending} onCancel={onClose} destructive />
    </form>
  );
}
