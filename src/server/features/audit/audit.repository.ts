import { desc, eq, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { userNameSql } from "../../db/people";
import { adminAuditLog, users } from "../../db/schema/index";
import type { Queryable } from "../../db/sql";

export type AuditEntryValues = typeof adminAuditLog.$inferInsert;

export async function insertAuditEntry(db: Queryable, values: AuditEntryValues): Promise<void> {
  await db.insert(adminAuditLog).values(values);
}

const admin = alias(users, "audit_admin");
const target = alias(users, "audit_target");

/** Newest first, `limit` rows before the row `beforeId` (the cursor), with the names of who and on whom. */
export async function listAuditEntries(db: Queryable, beforeId: number | null, limit: number) {
  return db
    .select({
      id: adminAuditLog.id,
      createdAt: adminAuditLog.createdAt,
      adminId: adminAuditLog.adminId,
      adminName: userNameSql(admin),
      action: adminAuditLog.action,
      targetUserId: adminAuditLog.targetUserId,
      targetName: userNameSql(target),
      subject: adminAuditLog.subject,
      note: adminAuditLog.note,
    })
    .from(adminAuditLog)
    .innerJoin(admin, eq(admin.id, adminAuditLog.adminId))
    .leftJoin(target, eq(target.id, adminAuditLog.targetUserId))
    .where(beforeId === null ? undefined : lt(adminAuditLog.id, beforeId))
    .orderBy(desc(adminAuditLog.id))
    .limit(limit);
}
