import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboxMessages } from "../db/schema/index";
import { returnedRow } from "../db/sql";

export type Channel = (typeof outboxMessages.$inferSelect)["channel"];
export type ClaimedMessage = { id: number; channel: Channel; payload: unknown; attempts: number };

const claimedColumns = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  payload: outboxMessages.payload,
  attempts: outboxMessages.attempts,
};

/** A new message, already claimed by the process that is about to deliver it (its first attempt). */
export async function insertClaimed(
  db: Db,
  values: { channel: Channel; payload: unknown; now: Date; claimedUntil: Date },
): Promise<ClaimedMessage> {
  const rows = await db
    .insert(outboxMessages)
    .values({ channel: values.channel, payload: values.payload, nextAttemptAt: values.now, claimedUntil: values.claimedUntil, attempts: 1 })
    .returning(claimedColumns);
  return returnedRow(rows);
}

/**
 * Claims up to `limit` due messages that nobody holds (or whose holder's lease ran out): the update
 * takes row locks, and SKIP LOCKED leaves rows another process is claiming to that process.
 */
export async function claimDue(
  db: Db,
  options: { now: Date; wallNow: Date; claimedUntil: Date; limit: number },
): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lte(outboxMessages.nextAttemptAt, options.now),
        or(isNull(outboxMessages.claimedUntil), lt(outboxMessages.claimedUntil, options.wallNow)),
      ),
    )
    .orderBy(outboxMessages.id)
    .limit(options.limit)
    .for("update", { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ claimedUntil: options.claimedUntil, attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, due))
    .returning(claimedColumns);
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: "sent", sentAt: now, claimedUntil: null, lastError: null })
    .where(eq(outboxMessages.id, id));
}

/** A failed try: due again at `retryAt`, or stopped for good (`retryAt` null). */
export async function markFailed(db: Db, id: number, values: { retryAt: Date | null; reason: string }): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      claimedUntil: null,
      lastError: values.reason.slice(0, 500),
      ...(values.retryAt ? { nextAttemptAt: values.retryAt } : { status: "failed" as const }),
    })
    .where(eq(outboxMessages.id, id));
}

export async function deleteSentBefore(db: Db, before: Date): Promise<void> {
  await db.delete(outboxMessages).where(and(eq(outboxMessages.status, "sent"), lt(outboxMessages.sentAt, before)));
}
