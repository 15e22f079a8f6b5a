import type { AuditEntry } from "@contract/audit";
import { LIST_NEXT_CURSOR_HEADER } from "@contract/paging";
import { apiGetWithHeaders } from "@client/lib/api-client";
import { useInfiniteQuery } from "../../../lib/use-query";
import { adminKeys } from "./keys";

type Page = { items: AuditEntry[]; nextCursor: string | null };

async function getAuditPage(cursor: string | null): Promise<Page> {
  const url = cursor ? `/api/admin/audit-log?cursor=${encodeURIComponent(cursor)}` : "/api/admin/audit-log";
  const { data, headers } = await apiGetWithHeaders<AuditEntry[]>(url);
  return { items: data, nextCursor: headers.get(LIST_NEXT_CURSOR_HEADER) };
}

/** GET /api/admin/audit-log (DESIGN 12, Moderation): every admin action, newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.auditLog,
    queryFn: ({ pageParam }) => getAuditPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
