import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { MessageMessages, REPORT_REASON_MAX_LENGTH } from "@contract/messages";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@client/components/ui/dialog";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useReportMessage } from "../api/messages";

/** "Report" on a message: asks for confirmation (and an optional reason), then files it in the admin's queue. */
export function ReportMessageButton({ messageId, senderName }: { messageId: number; senderName: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useReportMessage();
  const reasonId = useId();

  async function submit() {
    setError(null);
    try {
      await report.mutateAsync({ messageId, reason: reason.trim() || undefined });
      setOpen(false);
      setReason("");
      toast({ title: "Message reported", description: MessageMessages.REPORTED, variant: "success" });
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not report the message. Please try again.");
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded text-xs text-slate-500 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          <Flag aria-hidden className="size-3" />
          Report<span className="sr-only"> message from {senderName}</span>
        </button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Report message</DialogTitle>
          <DialogDescription>{MessageMessages.REPORT_CONFIRM}</DialogDescription>
        </DialogHeader>
        <label htmlFor={reasonId} className="text-sm font-semibold text-field-950">
          Reason (optional)
        </label>
        <Textarea id={reasonId} rows={3} maxLength={REPORT_REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={report.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" isLoading={report.isPending} onClick={() => void submit()}>
            Report message
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
