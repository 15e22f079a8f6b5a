import { AUDIT_ACTION_LABELS } from "@contract/audit";
import { Button } from "@client/components/ui/button";
import { formatInstant } from "@client/lib/when";
import { useAuditLog } from "../api/get-audit-log";

/** The admin panel's "Audit log" tab (DESIGN 12, Moderation): who did what, when, on whom; newest first, "Load more" for older. */
export function AuditLogPanel() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  if (log.isLoading) return <p className="text-slate-600">Loading the audit log...</p>;
  if (log.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        Could not load the audit log. Please try again.
      </p>
    );
  }
  return (
    <section aria-labelledby="audit-log-heading" className="flex flex-col gap-4">
      <h2 id="audit-log-heading" className="font-display text-2xl font-bold text-field-950 uppercase">
        Audit log
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-600">No admin actions yet.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
              <p className="font-semibold break-words text-field-950">{AUDIT_ACTION_LABELS[entry.action]}</p>
              <p className="break-words text-slate-700">
                By {entry.adminName} on <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
                {entry.targetName ? ` · On ${entry.targetName}` : ""}
                {entry.subject ? ` · ${entry.subject}` : ""}
              </p>
              {entry.note ? <p className="break-words whitespace-pre-wrap text-slate-600">Note: {entry.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <Button variant="outline" className="self-start" isLoading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
