import { useState } from "react";
import type { MessageReport } from "@contract/messages";
import { Button } from "@client/components/ui/button";
import { formatInstant } from "@client/lib/when";
import { useConversationMessages, useMessageReports } from "../api/messages";
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
    <article className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-field-950">
        {report.coachName} and {report.familyName}
      </h2>
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
  const messages = [...(history.data?.pages.flatMap((p) => p.items) ?? [])].reverse();
  return (
    <div className="flex max-h-96 flex-col rounded-xl border border-slate-200">
      <MessageLog
        messages={messages}
        viewerId={viewerId}
        title={title}
        conversation={undefined}
        isLoading={history.isLoading}
        hasOlder={history.hasNextPage}
        isLoadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => void history.fetchNextPage()}
        canReport={false}
      />
    </div>
  );
}
