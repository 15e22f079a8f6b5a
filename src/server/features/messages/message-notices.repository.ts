// The e-mails about messages: notices of unread messages (DESIGN.md 11) and the copies a parent gets.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instant, type Queryable, rowsOf } from "../../db/sql";
import { coachNameOfConversation, familyNameOfConversation, joinCoachOfConversation } from "./messages.repository";

export type DueNoticeRow = {
  conversation_id: number;
  user_id: number;
  email: string;
  first_name: string | null;
  phone_number: string | null;
  sms_opt_in: boolean;
  latest_id: number;
  coach_name: string;
  family_name: string;
  recipient_is_coach: boolean;
};

/**
 * Participants with messages from others they have neither read nor been told about, the oldest
 * of them at least `graceSeconds` old, and no notice about this conversation in the last
 * `intervalMinutes`: each one e-mail (DESIGN.md 11). Recent conversations only.
 */
export async function dueNotices(db: Db, now: Date, graceSeconds: number, intervalMinutes: number): Promise<DueNoticeRow[]> {
  const rows = await db.execute(sql`
    with participants as (
      select c.id as conversation_id, co.user_id, true as is_coach
      from conversations c join coaches co on co.id = c.coach_id
      where c.last_message_at > ${instant(now)} - interval '2 days'
      union all
      select c.id, g.user_id, false
      from conversations c join family_guardians g on g.family_id = c.family_id
      where c.last_message_at > ${instant(now)} - interval '2 days'
    ),
    pending as (
      select p.conversation_id, p.user_id, p.is_coach,
        (select max(m.id) from messages m
          where m.conversation_id = p.conversation_id and m.sender_id <> p.user_id
            and m.id > coalesce(r.last_read_message_id, 0) and m.id > coalesce(n.last_message_id, 0)
            and m.created_at <= ${instant(now)} - make_interval(secs => ${graceSeconds})) as latest_id
      from participants p
      left join conversation_reads r on r.conversation_id = p.conversation_id and r.user_id = p.user_id
      left join conversation_notices n on n.conversation_id = p.conversation_id and n.user_id = p.user_id
      where n.notified_at is null or n.notified_at <= ${instant(now)} - make_interval(mins => ${intervalMinutes})
    )
    select pe.conversation_id, pe.user_id, u.email, u.first_name, u.phone_number, u.sms_opt_in, pe.latest_id,
      pe.is_coach as recipient_is_coach,
      ${coachNameOfConversation} as coach_name,
      ${familyNameOfConversation} as family_name
    from pending pe
    join users u on u.id = pe.user_id
    join conversations c on c.id = pe.conversation_id
    ${joinCoachOfConversation}
    where pe.latest_id is not null
    order by pe.conversation_id, pe.user_id
    limit 500`);
  return rowsOf<DueNoticeRow>(rows);
}

/** Claims one notice: only when the participant was not told in the last interval (two processes never both send). */
export async function claimNotice(
  db: Queryable,
  values: { conversationId: number; userId: number; lastMessageId: number; now: Date; intervalMinutes: number },
): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into conversation_notices (conversation_id, user_id, last_message_id, notified_at)
    values (${values.conversationId}, ${values.userId}, ${values.lastMessageId}, ${instant(values.now)})
    on conflict (conversation_id, user_id) do update
      set last_message_id = excluded.last_message_id, notified_at = excluded.notified_at
      where conversation_notices.notified_at <= ${instant(values.now)} - make_interval(mins => ${values.intervalMinutes})
        and conversation_notices.last_message_id < excluded.last_message_id
    returning conversation_id`);
  return rowsOf(rows).length > 0;
}

/** Unread messages of others the notice covers (oldest first, a few): their first lines go in the e-mail. */
export async function unreadForNotice(db: Queryable, conversationId: number, userId: number, upToId: number) {
  const rows = await db.execute(sql`
    select m.id, m.body, u.first_name as sender_first_name, u.last_name as sender_last_name
    from messages m join users u on u.id = m.sender_id
    where m.conversation_id = ${conversationId} and m.sender_id <> ${userId} and m.id <= ${upToId}
      and m.id > coalesce((select r.last_read_message_id from conversation_reads r where r.conversation_id = ${conversationId} and r.user_id = ${userId}), 0)
    order by m.id desc limit 5`);
  return rowsOf<{ id: number; body: string; sender_first_name: string | null; sender_last_name: string | null }>(rows).reverse();
}

export type ParentCopyRow = {
  id: number;
  conversation_id: number;
  body: string;
  created_at: Date | string;
  sender_first_name: string | null;
  sender_last_name: string | null;
  family_id: number;
  coach_name: string;
};

/**
 * Claims the messages whose copy the parent of a minor account holder has not had yet (the
 * claim is the update; who the parent is, if anyone still, is the family's audience as it is now).
 */
export async function claimParentCopies(db: Queryable, now: Date): Promise<ParentCopyRow[]> {
  const rows = await db.execute(sql`
    with claimed as (
      update messages set parent_copied_at = ${instant(now)}
      where id in (select id from messages where copy_to_parent and parent_copied_at is null order by id limit 200 for update skip locked)
      returning id, conversation_id, sender_id, body, created_at
    )
    select cl.id, cl.conversation_id, cl.body, cl.created_at, su.first_name as sender_first_name, su.last_name as sender_last_name,
      c.family_id,
      ${coachNameOfConversation} as coach_name
    from claimed cl
    join conversations c on c.id = cl.conversation_id
    ${joinCoachOfConversation}
    join users su on su.id = cl.sender_id
    order by cl.id`);
  return rowsOf<ParentCopyRow>(rows);
}
