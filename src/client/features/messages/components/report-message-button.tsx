import { Flag } from "lucide-react";
import { Suspense, useState } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { MessageMessages } from "@contract/message-basics";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@client/components/ui/dialog";
import { Spinner } from "@client/components/ui/spinner";
import { useReportMessage } from "../api/messages";

// The log draws a Report button beside every message; the form (and its library) loads when one opens.
const ReportMessageForm = lazyWithReload(async () => ({ default: (await import("./report-message-form")).ReportMessageForm }));

/** "Report" on a message: asks for confirmation (and an optional reason), then files it in the admin's queue. */
export function ReportMessageButton({ messageId, senderName }: { messageId: number; senderName: string }) {
  const [open, setOpen] = useState(false);
  const report = useReportMessage();

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
        <Suspense fallback={<Spinner label="Loading..." />}>
          <ReportMessageForm messageId={messageId} report={report} onReported={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
