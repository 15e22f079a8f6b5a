import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "./client";
import { sentNotices } from "./schema/index";

export type NoticeKind = (typeof sentNotices.$inferInsert)["kind"];

/**
 * Claims messages that a sweep sends once: inserting the (kind, id) key is the claim, so of any
 * number of processes racing for the same key exactly one gets it back. Answers the claimed ids.
 */
export async function claimNotices(tx: Tx, kind: NoticeKind, subjectIds: number[], now: Date): Promise<number[]> {
  if (subjectIds.length === 0) return [];
  const claimed = await tx
    .insert(sentNotices)
    .values(subjectIds.map((subjectId) => ({ kind, subjectId, sentAt: now })))
    .onConflictDoNothing()
    .returning({ id: sentNotices.subjectId });
  return claimed.map((c) => c.id);
}

/** True for rows whose (kind, id) notice has not been claimed yet (a filter for the sweep's candidates). */
export function noticeNotSent(kind: NoticeKind, subjectId: SQL | unknown): SQL {
  return sql`not exists (select 1 from ${sentNotices} n where n.kind = ${kind} and n.subject_id = ${subjectId})`;
}
