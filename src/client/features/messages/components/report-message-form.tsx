import { ReportMessageRequestSchema } from "@contract/messages";
import { MessageMessages, REPORT_REASON_MAX_LENGTH } from "@contract/message-basics";
import { Button } from "@client/components/ui/button";
import { DialogClose, DialogFooter } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import type { useReportMessage } from "../api/messages";

/**
 * The report dialog's reason and buttons. The dialog owns the request (it stays open while the
 * report is sent); a refusal that names no field is shown under the reason's box.
 */
export function ReportMessageForm({
  messageId,
  report,
  onReported,
}: {
  messageId: number;
  report: ReturnType<typeof useReportMessage>;
  onReported: () => void;
}) {
  const form = useSchemaForm(ReportMessageRequestSchema, { reason: "" }, { toastOnInvalid: false });
  const { errors } = form.formState;

  const submit = form.submit(async ({ reason }) => {
    try {
      await report.mutateAsync({ messageId, reason: reason || undefined });
      onReported();
      toast({ title: "Message reported", description: MessageMessages.REPORTED, variant: "success" });
    } catch (err) {
      if (!form.showServerError(err)) {
        form.setError("root.server", { message: err instanceof Error ? err.message : "Could not report the message. Please try again." });
      }
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <FormField label="Reason (optional)" error={errors.reason?.message}>
        <Textarea rows={3} maxLength={REPORT_REASON_MAX_LENGTH} {...form.register("reason")} />
      </FormField>
      {errors.root?.server ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.root.server.message}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={report.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" isLoading={report.isPending}>
          Report message
        </Button>
      </DialogFooter>
    </form>
  );
}
