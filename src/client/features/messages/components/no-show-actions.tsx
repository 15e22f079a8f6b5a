import { NO_SHOW_DISPUTE_REASON } from "@contract/message-basics";
import { Button } from "@client/components/ui/button";
import { useReportMessage } from "../api/messages";

/**
 * Under a coach's no-show in the family's thread (DESIGN.md 12): "Reply" goes to the box below;
 * "Dispute" files it for the admins, who can reverse a no-show while its payout waits.
 */
export function NoShowActions({ messageId }: { messageId: number }) {
  const report = useReportMessage();
  return (
    <div className="flex flex-wrap gap-2" data-testid="no-show-actions">
      <Button type="button" size="sm" variant="outline" onClick={() => document.getElementById("message-body")?.focus()}>
        Reply
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        isLoading={report.isPending}
        disabled={report.isSuccess}
        onClick={() => report.mutate({ messageId, reason: NO_SHOW_DISPUTE_REASON })}
      >
        {report.isSuccess ? "Disputed" : "Dispute"}
      </Button>
      <p role="status" className="self-center text-xs text-slate-600">
        {report.isSuccess
          ? "An administrator will review the no-show and can refund the session; the coach is not paid for it meanwhile."
          : report.isError
            ? "Could not send. Try again."
            : ""}
      </p>
    </div>
  );
}
