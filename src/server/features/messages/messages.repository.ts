import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { coaches, conversationReads, conversations, messages, users } from "../../db/schema/index";
import { instant, type Queryable, returnedRow, rowsOf } from "../../db/sql";

export type ConversationRow = typeof conversations.$inferSelect;

/** The family of the conversation `c` as a coach or an admin reads it: its guardians' names, in the order they joined. */
export const familyNameOfConversation = sql`(select string_agg(trim(coalesce(gu.first_name, '') || ' ' || coalesce(gu.last_name, '')), ', ' order by g.created_at, g.user_id)
        from family_guardians g join users gu on gu.id = g.user_id where g.family_id = c.family_id)`;

/** Joins the coach `co` of the conversation `c` and the coach's user `cu`. */
export const joinCoachOfConversation = sql`join coaches co on co.id = c.coach_id
    join users cu on cu.id = co.user_id`;

/** The coach's name, from `cu` of {@link joinCoachOfConversation}. */
export const coachNameOfConversation = sql`trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, ''))`;

export type MessageRow = typeof messages.$inferSelect;

/** The coach of a conversation as its participants see them. */
export async function findCoach(db: Queryable, coachId: number) {
  const [row] = await db.select({ id: coaches.id, userId: coaches.userId }).from(coaches).where(eq(coaches.id, coachId)).limit(1);
  return row;
}

export async function findUser(db: Queryable, userId: number) {
  const [row] = await db.select({ id: users.id, userType: users.userType }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** True when the family (any athlete of it, or any guardian) has booked or asked the coach, whatever came of it. */
export async function familyHasDealtWithCoach(db: Queryable, coachId: number, familyId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select exists (
      select 1 from bookings b
      where b.coach_id = ${coachId}
        and (b.athlete_id in (select a.id from athletes a where a.family_id = ${familyId})
          or b.student_id in (select g.user_id from family_guardians g where g.family_id = ${familyId}))
    ) or exists (
      select 1 from session_requests r
      where r.coach_id = ${coachId}
        and (r.athlete_id in (select a.id from athletes a where a.family_id = ${familyId})
          or r.student_id in (select g.user_id from family_guardians g where g.family_id = ${familyId}))
    ) as ok`);
  return Boolean(rowsOf<{ ok: boolean }>(rows)[0]?.ok);
}

export async function findConversationByPair(db: Queryable, coachId: number, familyId: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.coachId, coachId), eq(conversations.familyId, familyId)))
    .limit(1);
  return row;
}

export async function findConversation(db: Queryable, conversationId: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  return row;
}

export type ConversationContext = {
  id: number;
  coachId: number;
  familyId: number;
  coachUserId: number;
  /** The family's guardians, account holder first (who is copied besides is the family's audience, db/families.ts). */
  guardians: { id: number }[];
};

/** A conversation with everyone in it (the coach's user, the family's guardians), in one round trip. */
export async function findConversationContext(db: Queryable, conversationId: number): Promise<ConversationContext | undefined> {
  const rows = await db.execute(sql`
    select c.id, c.coach_id, c.family_id, co.user_id as coach_user_id,
      (select coalesce(json_agg(json_build_object('id', g.user_id) order by g.created_at, g.user_id), '[]'::json)
        from family_guardians g where g.family_id = c.family_id) as guardians
    from conversations c join coaches co on co.id = c.coach_id
    where c.id = ${conversationId}`);
  const row = rowsOf<{
    id: number;
    coach_id: number;
    family_id: number;
    coach_user_id: number;
    guardians: ConversationContext["guardians"] | string;
  }>(rows)[0];
  if (!row) return undefined;
  return {
    id: row.id,
    coachId: row.coach_id,
    familyId: row.family_id,
    coachUserId: row.coach_user_id,
    guardians: typeof row.guardians === "string" ? (JSON.parse(row.guardians) as ConversationContext["guardians"]) : row.guardians,
  };
}

/** Conversations a family opened since `since` (the 20-a-day limit). */
export async function countOpenedByFamilySince(db: Queryable, familyId: number, since: Date): Promise<number> {
  const rows = await db.execute(
    sql`select count(*)::int as n from conversations where family_id = ${familyId} and opened_by_family and created_at > ${instant(since)}`,
  );
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

/** Inserts the pair's conversation unless it exists (two opening at once get the same one); answers it and whether it is new. */
export async function insertConversation(
  tx: Tx,
  values: { coachId: number; familyId: number; openedBy: number; openedByFamily: boolean; now: Date },
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const [inserted] = await tx
    .insert(conversations)
    .values({
      coachId: values.coachId,
      familyId: values.familyId,
      openedBy: values.openedBy,
      openedByFamily: values.openedByFamily,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { conversation: inserted, created: true };
  const existing = await findConversationByPair(tx, values.coachId, values.familyId);
  return { conversation: returnedRow(existing ? [existing] : [], "the pair's conversation"), created: false };
}

/** Serialises one user's sends (the hourly limit is then exact across processes). */
export async function lockSender(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(2424, ${userId})`);
}

/** Serialises one family's new conversations (the daily limit is then exact across processes). */
export async function lockFamily(tx: Tx, familyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(2425, ${familyId})`);
}

export async function countSentSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const rows = await db.execute(
    sql`select count(*)::int as n from messages where sender_id = ${userId} and created_at > ${instant(since)}`,
  );
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

/** Stores a message, moves its conversation to the top of the lists and marks it read for its sender. */
export async function insertMessage(
  tx: Tx,
  values: { conversationId: number; senderId: number; body: string; now: Date; copyToParent: boolean; bookingId?: number },
): Promise<MessageRow> {
  const message = returnedRow(
    await tx
      .insert(messages)
      .values({
        conversationId: values.conversationId,
        senderId: values.senderId,
        body: values.body,
        createdAt: values.now,
        copyToParent: values.copyToParent,
        bookingId: values.bookingId ?? null,
      })
      .returning(),
    "the new message",
  );
  // The conversation's activity and the sender's read mark in one statement (issue 46).
  const touched = tx
    .update(conversations)
    .set({ lastMessageAt: values.now, activity: sql`nextval('conversation_activity_seq')` })
    .where(eq(conversations.id, values.conversationId));
  await tx.execute(
    sql`with touched as (${touched.getSQL()}) ${markReadQuery(tx, values.conversationId, values.senderId, message.id).getSQL()}`,
  );
  return message;
}

/** Moves the user's read mark forward to `upToMessageId` (never back). */
export async function markRead(db: Queryable, conversationId: number, userId: number, upToMessageId: number): Promise<void> {
  await markReadQuery(db, conversationId, userId, upToMessageId);
}

function markReadQuery(db: Queryable, conversationId: number, userId: number, upToMessageId: number) {
  return db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadMessageId: upToMessageId })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)` },
    });
}

export async function latestMessageId(db: Queryable, conversationId: number): Promise<number | null> {
  const rows = await db.execute(sql`select max(id) as id from messages where conversation_id = ${conversationId}`);
  const id = rowsOf<{ id: number | null }>(rows)[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

export type MessageListRow = {
  id: number;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: Date | string;
  sender_first_name: string | null;
  sender_last_name: string | null;
  from_coach: boolean;
};

/** A page of a conversation's messages, newest first, older than `beforeId` when given. */
export async function listMessages(db: Queryable, conversationId: number, beforeId: number | null, limit: number) {
  const rows = await db.execute(sql`
    select m.id, m.conversation_id, m.sender_id, m.body, m.created_at,
      u.first_name as sender_first_name, u.last_name as sender_last_name,
      (m.sender_id = co.user_id) as from_coach
    from messages m
    join conversations c on c.id = m.conversation_id
    join coaches co on co.id = c.coach_id
    join users u on u.id = m.sender_id
    where m.conversation_id = ${conversationId} ${beforeId === null ? sql`` : sql`and m.id < ${beforeId}::bigint`}
    order by m.id desc
    limit ${limit}`);
  return rowsOf<MessageListRow>(rows);
}

export type ConversationListRow = {
  id: number;
  coach_id: number;
  family_id: number;
  created_at: Date | string;
  last_message_at: Date | string | null;
  activity: number | string;
  coach_user_id: number;
  coach_first_name: string | null;
  coach_last_name: string | null;
  coach_photo_url: string | null;
  guardians: { id: number; firstName: string | null; lastName: string | null }[] | string;
  athletes: { id: number; firstName: string; lastName: string; birthday: string | null }[] | string;
  /** The session the thread is about: the soonest upcoming of the coach with the family's athletes, else the latest. */
  session:
    | { bookingId: number; athleteFirstName: string; athleteLastName: string; startsAt: string; status: string; timeZone: string }
    | string
    | null;
  last_message: { id: number; senderId: number; body: string; createdAt: string } | string | null;
  unread_count: number;
};

/**
 * Conversations of a coach or of a family, latest first, with what the list shows: the coach, the
 * family's guardians and athletes, the last message and the viewer's unread count.
 */
export async function listConversations(
  db: Queryable,
  options: {
    viewerId: number;
    coachId: number | null;
    familyId: number | null;
    beforeActivity: number | null;
    limit: number;
    onlyId?: number;
    now: Date;
  },
): Promise<ConversationListRow[]> {
  const owner =
    options.coachId !== null
      ? sql`c.coach_id = ${options.coachId}`
      : options.familyId !== null
        ? sql`c.family_id = ${options.familyId}`
        : sql`false`;
  const rows = await db.execute(sql`
    select c.id, c.coach_id, c.family_id, c.created_at, c.last_message_at, c.activity,
      co.user_id as coach_user_id, cu.first_name as coach_first_name, cu.last_name as coach_last_name,
      coalesce(co.profile_image_url, cu.profile_image_url) as coach_photo_url,
      (select coalesce(json_agg(json_build_object('id', gu.id, 'firstName', gu.first_name, 'lastName', gu.last_name) order by g.created_at, g.user_id), '[]'::json)
        from family_guardians g join users gu on gu.id = g.user_id where g.family_id = c.family_id) as guardians,
      (select coalesce(json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'birthday', a.birthday) order by a.id), '[]'::json)
        from athletes a where a.family_id = c.family_id) as athletes,
      (select json_build_object('bookingId', b.id, 'athleteFirstName', a.first_name, 'athleteLastName', a.last_name,
          'startsAt', b.starts_at, 'status', b.status, 'timeZone', co.time_zone)
        from bookings b join athletes a on a.id = b.athlete_id
        where b.coach_id = c.coach_id and a.family_id = c.family_id and b.status <> 'cancelled'
        order by (b.starts_at >= ${options.now}) desc,
          case when b.starts_at >= ${options.now} then b.starts_at end asc,
          b.starts_at desc
        limit 1) as session,
      (select json_build_object('id', m.id, 'senderId', m.sender_id, 'body', m.body, 'createdAt', m.created_at)
        from messages m where m.conversation_id = c.id order by m.id desc limit 1) as last_message,
      (select count(*)::int from messages m
        where m.conversation_id = c.id and m.sender_id <> ${options.viewerId}
          and m.id > coalesce((select r.last_read_message_id from conversation_reads r where r.conversation_id = c.id and r.user_id = ${options.viewerId}), 0)
      ) as unread_count
    from conversations c
    ${joinCoachOfConversation}
    where ${owner}
      ${options.onlyId === undefined ? sql`` : sql`and c.id = ${options.onlyId}`}
      ${options.beforeActivity === null ? sql`` : sql`and c.activity < ${options.beforeActivity}::bigint`}
    order by c.activity desc
    limit ${options.limit}`);
  return rowsOf<ConversationListRow>(rows);
}

/** The viewer's unread messages over all their conversations, and in how many conversations. */
export async function unreadSummary(db: Queryable, viewerId: number, coachId: number | null, familyId: number | null) {
  const owner = coachId !== null ? sql`c.coach_id = ${coachId}` : familyId !== null ? sql`c.family_id = ${familyId}` : sql`false`;
  const rows = await db.execute(sql`
    select coalesce(sum(n), 0)::int as unread, count(*) filter (where n > 0)::int as conversations from (
      select (select count(*) from messages m
        where m.conversation_id = c.id and m.sender_id <> ${viewerId}
          and m.id > coalesce((select r.last_read_message_id from conversation_reads r where r.conversation_id = c.id and r.user_id = ${viewerId}), 0)) as n
      from conversations c where ${owner}
    ) per_conversation`);
  const row = rowsOf<{ unread: number; conversations: number }>(rows)[0];
  return { unreadCount: Number(row?.unread ?? 0), conversations: Number(row?.conversations ?? 0) };
}

export async function findMessage(db: Queryable, messageId: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  return row;
}
