// The suspensions an admin sets on a user (DESIGN 12, Moderation).
import { eq, sql } from "drizzle-orm";
import type { ReportResolution } from "@contract/moderation-basics";
import { messageReports, users } from "../../db/schema/index";
import { instant, rowsOf, type Queryable } from "../../db/sql";

export type Standing = {
  id: number;
  email: string;
  firstName: string | null;
  messagingSuspendedAt: Date | null;
  accountSuspendedAt: Date | null;
};

const standingColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  messagingSuspendedAt: users.messagingSuspendedAt,
  accountSuspendedAt: users.accountSuspendedAt,
};

/** The user's standing, locked until the transaction ends. */
export async function lockStanding(db: Queryable, userId: number): Promise<Standing | undefined> {
  const [row] = await db.select(standingColumns).from(users).where(eq(users.id, userId)).for("update").limit(1);
  return row;
}

export async function findStanding(db: Queryable, userId: number): Promise<Standing | undefined> {
  const [row] = await db.select(standingColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Sets a suspension; one already in force keeps its first date. */
export async function suspend(db: Queryable, userId: number, what: "messaging" | "account", now: Date): Promise<void> {
  await db
    .update(users)
    .set(
      what === "messaging"
        ? { messagingSuspendedAt: sql`coalesce(${users.messagingSuspendedAt}, ${instant(now)})` }
        : { accountSuspendedAt: sql`coalesce(${users.accountSuspendedAt}, ${instant(now)})` },
    )
    .where(eq(users.id, userId));
}

export async function liftSuspensions(db: Queryable, userId: number): Promise<void> {
  await db.update(users).set({ messagingSuspendedAt: null, accountSuspendedAt: null }).where(eq(users.id, userId));
}

/** A report with its message's sender, locked for its resolution (two admins at once: one wins, the other gets 409). */
export async function lockReport(db: Queryable, reportId: number) {
  const rows = await db.execute(sql`
    select r.id, r.reporter_id, r.resolved_at, r.message_id, m.sender_id, m.conversation_id
    from message_reports r join messages m on m.id = r.message_id
    where r.id = ${reportId}::bigint
    for update of r`);
  return rowsOf<{
    id: number;
    reporter_id: number;
    resolved_at: Date | string | null;
    message_id: number;
    sender_id: number;
    conversation_id: number;
  }>(rows)[0];
}

export async function markResolved(
  db: Queryable,
  values: { reportId: number; adminId: number; action: ReportResolution; note: string; now: Date },
): Promise<void> {
  await db
    .update(messageReports)
    .set({ resolvedAt: values.now, resolvedBy: values.adminId, resolution: values.action, resolutionNote: values.note })
    .where(eq(messageReports.id, values.reportId));
}
