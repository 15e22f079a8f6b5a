// Reported messages: the report, and the admin's queue.
import { and, eq, sql } from "drizzle-orm";
import { messageReports } from "../../db/schema/index";
import { type Queryable, returnedRow, rowsOf } from "../../db/sql";
import { familyNameOfConversation, joinCoachOfConversation } from "./messages.repository";

/** Files a report; a second report of one message by one user is the same report. */
export async function insertReport(db: Queryable, values: { messageId: number; reporterId: number; reason: string; now: Date }) {
  const [inserted] = await db
    .insert(messageReports)
    .values({ messageId: values.messageId, reporterId: values.reporterId, reason: values.reason, createdAt: values.now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { report: inserted, created: true };
  const [existing] = await db
    .select()
    .from(messageReports)
    .where(and(eq(messageReports.messageId, values.messageId), eq(messageReports.reporterId, values.reporterId)))
    .limit(1);
  return { report: returnedRow(existing ? [existing] : [], "the report"), created: false };
}

export async function conversationHasReport(db: Queryable, conversationId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select exists (select 1 from message_reports r join messages m on m.id = r.message_id where m.conversation_id = ${conversationId}) as ok`);
  return Boolean(rowsOf<{ ok: boolean }>(rows)[0]?.ok);
}

export type ReportListRow = {
  id: number;
  reason: string;
  created_at: Date | string;
  reporter_id: number;
  reporter_first_name: string | null;
  reporter_last_name: string | null;
  conversation_id: number;
  message_id: number;
  sender_id: number;
  body: string;
  message_created_at: Date | string;
  sender_first_name: string | null;
  sender_last_name: string | null;
  from_coach: boolean;
  coach_first_name: string | null;
  coach_last_name: string | null;
  family_name: string | null;
  resolved_at: Date | string | null;
  resolved_by: number | null;
  resolution: "dismiss" | "warn" | "suspend_messaging" | "suspend_account" | null;
  resolution_note: string;
  resolver_first_name: string | null;
  resolver_last_name: string | null;
  sender_messaging_suspended: boolean;
  sender_account_suspended: boolean;
};

/**
 * The queue's order is open reports first, then resolved ones, each newest first. Its cursor is one
 * number: an open report's id, or a resolved one's id plus this offset (so both fit the digits-only cursor).
 */
export const RESOLVED_CURSOR_OFFSET = 1_000_000_000_000;

/** The admin's queue: open reports first, then resolved ones, each newest first (cursor: see RESOLVED_CURSOR_OFFSET). */
export async function listReports(db: Queryable, cursor: number | null, limit: number): Promise<ReportListRow[]> {
  let after = sql``;
  if (cursor !== null) {
    after =
      cursor >= RESOLVED_CURSOR_OFFSET
        ? sql`where r.resolved_at is not null and r.id < ${cursor - RESOLVED_CURSOR_OFFSET}::bigint`
        : sql`where (r.resolved_at is null and r.id < ${cursor}::bigint) or r.resolved_at is not null`;
  }
  const rows = await db.execute(sql`
    select r.id, r.reason, r.created_at, r.reporter_id, ru.first_name as reporter_first_name, ru.last_name as reporter_last_name,
      m.conversation_id, m.id as message_id, m.sender_id, m.body, m.created_at as message_created_at,
      su.first_name as sender_first_name, su.last_name as sender_last_name, (m.sender_id = co.user_id) as from_coach,
      cu.first_name as coach_first_name, cu.last_name as coach_last_name,
      ${familyNameOfConversation} as family_name,
      r.resolved_at, r.resolved_by, r.resolution, r.resolution_note,
      au.first_name as resolver_first_name, au.last_name as resolver_last_name,
      (su.messaging_suspended_at is not null) as sender_messaging_suspended,
      (su.account_suspended_at is not null) as sender_account_suspended
    from message_reports r
    join messages m on m.id = r.message_id
    join conversations c on c.id = m.conversation_id
    ${joinCoachOfConversation}
    join users ru on ru.id = r.reporter_id
    join users su on su.id = m.sender_id
    left join users au on au.id = r.resolved_by
    ${after}
    order by (r.resolved_at is not null), r.id desc
    limit ${limit}`);
  return rowsOf<ReportListRow>(rows);
}
