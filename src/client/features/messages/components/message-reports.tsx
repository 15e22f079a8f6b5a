import { useId, useState } from "react";
import type { MessageReport } from "@contract/messages";
import { MODERATION_NOTE_MAX_LENGTH, REPORT_RESOLUTION_LABELS, type ReportResolution } from "@contract/moderation-basics";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/dialog";
import { Label } from "@client/components/ui/label";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast-store";
import { ApiError } from "@client/lib/api-client";
import { formatInstant } from "@client/lib/when";
import { useConversationMessages, useMessageReports, useReinstateUser, useResolveReport } from "../api/messages";
import { MessageLog } from "./conversation-view";

/** The admin's queue of reported messages; a reported conversation can be read (never written to) from here. */
export function MessageReports({ viewerId }: { viewerId: number }) {
  const reports = useMessageReports();
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];
  if (reports.isLoading) return <p className="text-slate-600">Loading reports...</p>;
  if (reports.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        Could not load the reports. Please try again.
      </p>
    );
  }
  if (items.length === 0) return <p className="text-slate-600">No reported messages.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {items.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      {reports.hasNextPage ? (
        <Button variant="ghost" isLoading={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
          Load more reports
        </Button>
      ) : null}
    </div>
  );
}

function ReportCard({ report, viewerId }: { report: MessageReport; viewerId: number }) {
  const [reading, setReading] = useState(false);
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Report ${report.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-field-950">
          {report.coachName} and {report.familyName}
        </h2>
        <span
          className={
            report.resolution
              ? "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
              : "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
          }
        >
          {report.resolution ? "Resolved" : "Open"}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        Reported by {report.reporterName} on {formatInstant(report.createdAt)}
        {report.reason ? `: ${report.reason}` : ""}
      </p>
      <blockquote className="rounded-xl bg-slate-100 px-3 py-2 break-words whitespace-pre-wrap text-field-950">
        <span className="block text-xs font-semibold text-slate-600">
          {report.message.senderName} · {formatInstant(report.message.createdAt)}
        </span>
        {report.message.body}
      </blockquote>
      {report.resolution ? <ResolutionState report={report} /> : <ResolveActions report={report} />}
      <Button variant="outline" size="sm" className="self-start" aria-expanded={reading} onClick={() => setReading((r) => !r)}>
        {reading ? "Hide conversation" : "Read conversation"}
      </Button>
      {reading ? (
        <ReportedConversation
          conversationId={report.conversationId}
          viewerId={viewerId}
          title={`${report.coachName} and ${report.familyName}`}
        />
      ) : null}
    </article>
  );
}

function ReportedConversation({ conversationId, viewerId, title }: { conversationId: number; viewerId: number; title: string }) {
  const history = useConversationMessages(conversationId);
  return (
    <div className="flex max-h-96 flex-col rounded-xl border border-slate-200">
      <MessageLog history={history} viewerId={viewerId} title={title} conversation={undefined} canReport={false} />
    </div>
  );
}

const failed = (error: unknown, text: string) =>
  toast({
    title: "Error",
    description: error instanceof ApiError && error.message ? `${text}: ${error.message}` : text,
    variant: "destructive",
  });

/** DESIGN 12, Moderation: the four actions on an open report, with the admin's note (kept in the audit log). */
function ResolveActions({ report }: { report: MessageReport }) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const resolve = useResolveReport();
  const sender = report.message.senderName;
  async function run(action: ReportResolution) {
    try {
      await resolve.mutateAsync({ reportId: report.id, action, note: note.trim() });
      toast({ title: "Success", description: `Report resolved: ${REPORT_RESOLUTION_LABELS[action]}.`, variant: "success" });
    } catch (error) {
      failed(error, "Failed to resolve the report");
    }
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <Label htmlFor={noteId}>Note (kept in the audit log)</Label>
      <Textarea id={noteId} rows={2} maxLength={MODERATION_NOTE_MAX_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => void run("dismiss")}>
          Dismiss
        </Button>
        <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => void run("warn")}>
          Warn sender
        </Button>
        <ConfirmDialog
          title={`Suspend ${sender} from messaging?`}
          description={`${sender} will not be able to send any message until the suspension is lifted. They are told by e-mail; the reporter is told the report was handled.`}
          confirmLabel="Suspend messaging"
          onConfirm={() => run("suspend_messaging")}
          trigger={
            <Button variant="destructive" size="sm" disabled={resolve.isPending}>
              Suspend messaging
            </Button>
          }
        />
        <ConfirmDialog
          title={`Suspend ${sender}'s account?`}
          description={`${sender} is signed out everywhere at once and cannot sign in until the suspension is lifted. They are told by e-mail; the reporter is told the report was handled.`}
          confirmLabel="Suspend account"
          onConfirm={() => run("suspend_account")}
          trigger={
            <Button variant="destructive" size="sm" disabled={resolve.isPending}>
              Suspend account
            </Button>
          }
        />
      </div>
    </div>
  );
}

/** A resolved report: what was decided, by whom and when; a suspension still in force can be lifted. */
function ResolutionState({ report }: { report: MessageReport }) {
  const reinstate = useReinstateUser();
  const resolution = report.resolution;
  if (!resolution) return null;
  const suspended = report.sender.messagingSuspended || report.sender.accountSuspended;
  async function lift() {
    try {
      await reinstate.mutateAsync(report.sender.userId);
      toast({ title: "Success", description: `${report.message.senderName}'s suspension was lifted.`, variant: "success" });
    } catch (error) {
      failed(error, "Failed to lift the suspension");
    }
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
      <p>
        <span className="font-semibold">{REPORT_RESOLUTION_LABELS[resolution.action]}</span> by {resolution.resolvedByName} on{" "}
        {formatInstant(resolution.resolvedAt)}
        {resolution.note ? `: ${resolution.note}` : ""}
      </p>
      {suspended ? (
        <ConfirmDialog
          title={`Lift ${report.message.senderName}'s suspension?`}
          description="They can sign in and send messages again. The decision is kept in the audit log."
          confirmLabel="Lift suspension"
          destructive={false}
          onConfirm={lift}
          trigger={
            <Button variant="outline" size="sm" className="self-start">
              Lift suspension
            </Button>
          }
        />
      ) : null}
    </div>
  );
}
