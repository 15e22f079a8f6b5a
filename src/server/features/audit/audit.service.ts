import { type AuditAction, type AuditEntry } from "@contract/audit";
import { LIST_PAGE_SIZE } from "@contract/paging";
import type { Queryable } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { pageOf, type Page } from "../../http/list-page";
import * as repo from "./audit.repository";

export type AdminAction = {
  adminId: number;
  action: AuditAction;
  targetUserId?: number | null;
  subject?: string;
  note?: string;
};

/**
 * Writes one line of the audit log (DESIGN 12, Moderation). Call it with the transaction that makes
 * the change where there is one, so an action and its line are kept or lost together.
 */
export async function recordAdminAction(db: Queryable, entry: AdminAction, now: Date): Promise<void> {
  await repo.insertAuditEntry(db, {
    adminId: entry.adminId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    subject: entry.subject ?? "",
    note: entry.note ?? "",
    createdAt: now,
  });
}

/** GET /api/admin/audit-log: newest first, paged. */
export async function listAuditLog(deps: AppDeps, cursor: number | undefined): Promise<Page<AuditEntry>> {
  const rows = await repo.listAuditEntries(deps.database.db, cursor ?? null, LIST_PAGE_SIZE + 1);
  return pageOf(
    rows,
    LIST_PAGE_SIZE,
    (r) => r.id,
    (r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      adminId: r.adminId,
      adminName: r.adminName || "Admin",
      // Written only by recordAdminAction, which takes an AuditAction.
      action: r.action as AuditAction,
      targetUserId: r.targetUserId,
      targetName: r.targetUserId === null ? null : r.targetName || "A user",
      subject: r.subject,
      note: r.note,
    }),
  );
}
