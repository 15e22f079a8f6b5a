import { and, eq, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { NotificationKind } from "@contract/notification-basics";
import type { Db } from "../db/client";
import { outboxMessages } from "../db/schema/index";
import { returnedRow, rowsOf } from "../db/sql";

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

/** A notice to an address: its e-mail, and the push its account's devices get. */
export type NoticeItem = { to: string; mail: unknown; push: unknown };

/**
 * The rows of several notices of `kind` in one statement, already claimed: for each address, a push
 * row per device of its account when the account has push on for the kind, and the e-mail unless
 * the account turned e-mail off for it (an address of no account always gets the e-mail). The
 * switches are those of `recipientOfAddress` and `pushTargets` (notifications.repository.ts), read
 * in the insert's own statement. Answered in the order of `items`, each address's pushes first.
 */
export async function insertNoticesClaimed(
  db: Db,
  values: { kind: NotificationKind; items: NoticeItem[]; now: Date; claimedUntil: Date },
): Promise<ClaimedMessage[]> {
  if (values.items.length === 0) return [];
  return sortedClaimed(rowsOf<ClaimedMessage>(await db.execute(noticesClaimedStatement(values))));
}

/**
 * insertNoticesClaimed's statement (an insert that answers the claimed rows: id, channel, payload,
 * attempts), to run in another's (EventBus.publishWithStatements): the notices of a change written
 * in the transaction that makes it.
 */
export function noticesClaimedStatement(values: { kind: NotificationKind; items: NoticeItem[]; now: Date; claimedUntil: Date }): SQL {
  const items = JSON.stringify(values.items.map((item, ord) => ({ ord, ...item })));
  return sql`
    with item as (
      select i.ord, i."to", i.mail, i.push from jsonb_to_recordset(${items}::jsonb) as i(ord int, "to" text, mail jsonb, push jsonb)
    ), who as (
      select i.ord, i.mail, i.push, r.user_id, coalesce(r.email, true) as email_on, coalesce(r.push, true) as push_on
      from item i
      left join lateral (
        select u.id as user_id, p.email, p.push
        from users u
        left join notification_preferences p on p.user_id = u.id and p.kind = ${values.kind}
        where lower(u.email) = lower(i."to")
        limit 1
      ) r on true
    ), message as (
      select w.ord, s.id as sub, 'push' as channel,
        jsonb_build_object('subscription', jsonb_build_object('endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth), 'payload', w.push) as payload
      from who w
      join push_subscriptions s on s.user_id = w.user_id
      where w.push_on
      union all
      select w.ord, null, 'email', w.mail from who w where w.user_id is null or w.email_on
    )
    insert into outbox_messages (channel, payload, attempts, next_attempt_at, claimed_until)
    select channel, payload, 1, ${values.now.toISOString()}::timestamptz, ${values.claimedUntil.toISOString()}::timestamptz
    from message order by ord, sub nulls last
    returning id, channel, payload, attempts`;
}

/** The claimed rows of noticesClaimedStatement, as a JSON array of them (what another statement answers with). */
export function claimedRowsJson(written: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', c.id, 'channel', c.channel, 'payload', c.payload, 'attempts', c.attempts)), '[]'::json) from ${written} c)`;
}

/** The claimed rows in the order they were written (claimedRowsJson's answer may come as its text). */
export function sortedClaimed(rows: ClaimedMessage[] | string): ClaimedMessage[] {
  const list = typeof rows === "string" ? (JSON.parse(rows) as ClaimedMessage[]) : rows;
  return list.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) })).sort((a, b) => a.id - b.id);
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

/** Several messages delivered at once. */
export async function markAllSent(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ status: "sent", sentAt: now, claimedUntil: null, lastError: null })
    .where(inArray(outboxMessages.id, ids));
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
