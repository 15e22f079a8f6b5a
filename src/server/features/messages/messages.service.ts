// Over 300 lines: a conversation's whole life (open, list, read, send, report, the notices) goes through one check of who may see a conversation (viewerOf).
import { fullName } from "@contract/names";
import type { Conversation, ConversationMessage, Message, MessageReport, OpenConversationRequest, UnreadSummary } from "@contract/messages";
import {
  CONVERSATIONS_PAGE_SIZE,
  MAX_MESSAGES_PER_HOUR,
  MAX_NEW_CONVERSATIONS_PER_DAY,
  MESSAGE_NOTICE_GRACE_SECONDS,
  MESSAGE_NOTICE_INTERVAL_MINUTES,
  MESSAGES_PAGE_SIZE,
  MessageMessages,
  conversationPath,
  firstLine,
} from "@contract/message-basics";
import { ErrorCode } from "@contract/error-basics";
import { ModerationMessages } from "@contract/moderation-basics";
import { coachIdOfUser } from "../../db/coach-of-user";
import { parentCopyOf } from "../families/parent-contact.service";
import { familyAudience, familyIdOfUser } from "../../db/families";
import type { AppDeps } from "../../deps";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./messages.repository";
import * as noticesRepo from "./message-notices.repository";
import * as reportsRepo from "./message-reports.repository";
import { present } from "../../present";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type Page<T> = { items: T[]; nextCursor: string | null };

const tooMany = (message: string) => new AppError(429, ErrorCode.RATE_LIMITED, message);
const personName = (firstName: string | null | undefined, lastName: string | null | undefined, fallback = "") =>
  fullName({ firstName, lastName }) || fallback;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const parsed = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** Whose conversations the user reads: a coach's (their profile's), a player's family's; an admin has none of their own. */
type Viewer = { userId: number; coachId: number | null; familyId: number | null };

async function viewerOf(deps: AppDeps, user: UserRow): Promise<Viewer> {
  const db = deps.database.db;
  if (user.userType === "coach") return { userId: user.id, coachId: (await coachIdOfUser(db, user.id)) ?? null, familyId: null };
  if (user.userType === "player") return { userId: user.id, coachId: null, familyId: await familyIdOfUser(db, user.id) };
  return { userId: user.id, coachId: null, familyId: null };
}

/**
 * The conversation and everyone in it, when the user is in it (the coach's user or a guardian of
 * the family); otherwise 404 like a missing one (DESIGN.md 11).
 */
async function requireParticipant(deps: AppDeps, user: UserRow, conversationId: number): Promise<repo.ConversationContext> {
  const context = await repo.findConversationContext(deps.database.db, conversationId);
  if (!context || !(context.coachUserId === user.id || context.guardians.some((g) => g.id === user.id))) {
    throw notFound(MessageMessages.CONVERSATION_NOT_FOUND);
  }
  return context;
}

function toConversation(row: repo.ConversationListRow, viewer: Viewer): Conversation {
  const guardians = parsed(row.guardians);
  const athletes = parsed(row.athletes);
  const last = row.last_message === null ? null : parsed(row.last_message);
  const coachName = personName(row.coach_first_name, row.coach_last_name, "Coach");
  const familyName =
    guardians
      .map((g) => personName(g.firstName, g.lastName))
      .filter(Boolean)
      .join(" and ") || "Family";
  return {
    id: row.id,
    coachId: row.coach_id,
    coachUserId: row.coach_user_id,
    coachName,
    coachPhotoUrl: row.coach_photo_url,
    familyId: row.family_id,
    familyName,
    guardianIds: guardians.map((g) => g.id),
    guardians: guardians.map((g) => ({ id: g.id, name: personName(g.firstName, g.lastName, "Guardian") })),
    athletes: athletes.map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName })),
    title: viewer.coachId !== null ? familyName : coachName,
    lastMessage: last && {
      id: last.id,
      conversationId: row.id,
      senderId: last.senderId,
      body: last.body,
      createdAt: iso(last.createdAt),
    },
    unreadCount: Number(row.unread_count),
    createdAt: iso(row.created_at),
    lastMessageAt: row.last_message_at === null ? null : iso(row.last_message_at),
  };
}

async function conversationFor(deps: AppDeps, viewer: Viewer, conversationId: number): Promise<Conversation> {
  const [row] = await repo.listConversations(deps.database.db, {
    viewerId: viewer.userId,
    coachId: viewer.coachId,
    familyId: viewer.familyId,
    beforeActivity: null,
    limit: 1,
    onlyId: conversationId,
  });
  if (!row) throw notFound(MessageMessages.CONVERSATION_NOT_FOUND);
  return toConversation(row, viewer);
}

/**
 * POST /api/conversations. A family opens one with any coach (`coachId`); a coach only with a
 * family that has booked or asked them (`userId`: any guardian of it), else 403 with the reason.
 * The pair's existing conversation is answered as it is (`created: false`).
 */
export async function openConversation(
  deps: AppDeps,
  user: UserRow,
  input: OpenConversationRequest,
): Promise<{ conversation: Conversation; created: boolean }> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const viewer = await viewerOf(deps, user);
  let coachId: number;
  let familyId: number;
  if (user.userType === "player") {
    if (input.coachId === undefined) throw new AppError(400, ErrorCode.VALIDATION, MessageMessages.COACH_REQUIRED, "coachId");
    const coach = await repo.findCoach(db, input.coachId);
    if (!coach) throw notFound(MessageMessages.COACH_NOT_FOUND);
    coachId = coach.id;
    familyId = present(viewer.familyId, "the family of a player");
  } else if (user.userType === "coach") {
    if (input.userId === undefined) throw new AppError(400, ErrorCode.VALIDATION, MessageMessages.FAMILY_REQUIRED, "userId");
    if (viewer.coachId === null) throw forbidden("Set up your coach profile before messaging families.");
    const target = await repo.findUser(db, input.userId);
    if (!target || target.userType !== "player") throw notFound(MessageMessages.FAMILY_NOT_FOUND);
    coachId = viewer.coachId;
    const targetFamily = await familyIdOfUser(db, target.id);
    if (targetFamily === null) throw notFound(MessageMessages.FAMILY_NOT_FOUND);
    familyId = targetFamily;
  } else {
    throw forbidden(MessageMessages.ONLY_FAMILIES_AND_COACHES);
  }

  const existing = await repo.findConversationByPair(db, coachId, familyId);
  if (existing) return { conversation: await conversationFor(deps, viewer, existing.id), created: false };
  if (user.userType === "coach" && !(await repo.familyHasDealtWithCoach(db, coachId, familyId))) {
    throw forbidden(MessageMessages.COACH_NEEDS_BOOKING);
  }
  const byFamily = user.userType === "player";
  const opened = await db.transaction(async (tx) => {
    if (byFamily) {
      await repo.lockFamily(tx, familyId);
      const again = await repo.findConversationByPair(tx, coachId, familyId);
      if (again) return { conversation: again, created: false };
      if ((await repo.countOpenedByFamilySince(tx, familyId, new Date(now.getTime() - DAY_MS))) >= MAX_NEW_CONVERSATIONS_PER_DAY) {
        throw tooMany(MessageMessages.TOO_MANY_CONVERSATIONS);
      }
    }
    return repo.insertConversation(tx, { coachId, familyId, openedBy: user.id, openedByFamily: byFamily, now });
  });
  return { conversation: await conversationFor(deps, viewer, opened.conversation.id), created: opened.created };
}

/** GET /api/conversations: the user's, latest first, a page at a time. */
export async function listMyConversations(deps: AppDeps, user: UserRow, cursor: string | undefined): Promise<Page<Conversation>> {
  const viewer = await viewerOf(deps, user);
  const rows = await repo.listConversations(deps.database.db, {
    viewerId: viewer.userId,
    coachId: viewer.coachId,
    familyId: viewer.familyId,
    beforeActivity: cursor === undefined ? null : Number(cursor),
    limit: CONVERSATIONS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => toConversation(row, viewer)),
    nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? String(last.activity) : null,
  };
}

/** GET /api/conversations/unread: the header's badge. */
export async function unreadOf(deps: AppDeps, user: UserRow): Promise<UnreadSummary> {
  const viewer = await viewerOf(deps, user);
  return repo.unreadSummary(deps.database.db, viewer.userId, viewer.coachId, viewer.familyId);
}

/** GET /api/conversations/{id}: one conversation as the list shows it. */
export async function getConversation(deps: AppDeps, user: UserRow, conversationId: number): Promise<Conversation> {
  await requireParticipant(deps, user, conversationId);
  return conversationFor(deps, await viewerOf(deps, user), conversationId);
}

/**
 * GET /api/conversations/{id}/messages: newest first, `cursor` going back through history. An admin
 * reads a conversation only once a message of it has been reported; anything else is 404.
 */
export async function listConversationMessages(
  deps: AppDeps,
  user: UserRow,
  conversationId: number,
  cursor: string | undefined,
): Promise<Page<ConversationMessage>> {
  const db = deps.database.db;
  if (user.userType === "admin") {
    const conversation = await repo.findConversation(db, conversationId);
    if (!conversation || !(await reportsRepo.conversationHasReport(db, conversationId)))
      throw notFound(MessageMessages.CONVERSATION_NOT_FOUND);
  } else {
    await requireParticipant(deps, user, conversationId);
  }
  const rows = await repo.listMessages(db, conversationId, cursor === undefined ? null : Number(cursor), MESSAGES_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toConversationMessage),
    nextCursor: rows.length > MESSAGES_PAGE_SIZE && last ? String(last.id) : null,
  };
}

function toConversationMessage(row: repo.MessageListRow): ConversationMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    body: row.body,
    createdAt: iso(row.created_at),
    senderName: personName(row.sender_first_name, row.sender_last_name, row.from_coach ? "Coach" : "Family"),
    fromCoach: Boolean(row.from_coach),
  };
}

/**
 * POST /api/conversations/{id}/messages: stores the message (at most 60 an hour per user, counted
 * in the database under a per-user lock, so every process agrees), then tells every open socket of
 * the coach and the family's guardians, on any process.
 */
export async function sendMessage(deps: AppDeps, user: UserRow, conversationId: number, body: string): Promise<Message> {
  const db = deps.database.db;
  const conversation = await requireParticipant(deps, user, conversationId);
  // DESIGN 12, Moderation: a user an admin suspended from messaging (or altogether) sends nothing.
  if (user.messagingSuspendedAt !== null || user.accountSuspendedAt !== null) throw forbidden(ModerationMessages.MESSAGING_SUSPENDED);
  const now = deps.clock.now();
  // DESIGN.md 11: a minor account holder's parent is copied until a second guardian has joined (the one audience rule).
  const copyToParent = (await familyAudience(db, { familyId: conversation.familyId }, now)).parent?.email != null;
  const row = await db.transaction(async (tx) => {
    await repo.lockSender(tx, user.id);
    if ((await repo.countSentSince(tx, user.id, new Date(now.getTime() - HOUR_MS))) >= MAX_MESSAGES_PER_HOUR) {
      throw tooMany(MessageMessages.TOO_MANY_MESSAGES);
    }
    return repo.insertMessage(tx, { conversationId, senderId: user.id, body, now, copyToParent });
  });
  const message: Message = {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
  const userIds = [...new Set([conversation.coachUserId, ...conversation.guardians.map((g) => g.id)])];
  await deps.events.publish({ type: "message:new", coachId: conversation.coachId, conversationId, userIds, message });
  return message;
}

/** POST /api/conversations/{id}/read: everything up to the latest message is read by this user. */
export async function markConversationRead(deps: AppDeps, user: UserRow, conversationId: number): Promise<{ unreadCount: number }> {
  await requireParticipant(deps, user, conversationId);
  const latest = await repo.latestMessageId(deps.database.db, conversationId);
  if (latest !== null) await repo.markRead(deps.database.db, conversationId, user.id, latest);
  return { unreadCount: 0 };
}

/** POST /api/messages/{id}/report: anyone in the conversation; the same user reporting again is the same report. */
export async function reportMessage(
  deps: AppDeps,
  user: UserRow,
  messageId: number,
  reason: string | undefined,
): Promise<{ report: { id: number; messageId: number; conversationId: number; createdAt: string }; created: boolean }> {
  const message = await repo.findMessage(deps.database.db, messageId);
  if (!message) throw notFound(MessageMessages.MESSAGE_NOT_FOUND);
  try {
    await requireParticipant(deps, user, message.conversationId);
  } catch {
    throw notFound(MessageMessages.MESSAGE_NOT_FOUND);
  }
  const { report, created } = await reportsRepo.insertReport(deps.database.db, {
    messageId,
    reporterId: user.id,
    reason: reason ?? "",
    now: deps.clock.now(),
  });
  if (created) deps.logger.warn({ reportId: report.id, conversationId: message.conversationId }, "a message was reported");
  return {
    report: { id: report.id, messageId, conversationId: message.conversationId, createdAt: report.createdAt.toISOString() },
    created,
  };
}

/** GET /api/admin/message-reports: newest first, paged. */
export async function listMessageReports(deps: AppDeps, cursor: string | undefined): Promise<Page<MessageReport>> {
  const rows = await reportsRepo.listReports(deps.database.db, cursor === undefined ? null : Number(cursor), CONVERSATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      reason: r.reason,
      createdAt: iso(r.created_at),
      reporterId: r.reporter_id,
      reporterName: personName(r.reporter_first_name, r.reporter_last_name, "A user"),
      conversationId: r.conversation_id,
      coachName: personName(r.coach_first_name, r.coach_last_name, "Coach"),
      familyName: r.family_name?.trim() || "Family",
      message: toConversationMessage({
        id: r.message_id,
        conversation_id: r.conversation_id,
        sender_id: r.sender_id,
        body: r.body,
        created_at: r.message_created_at,
        sender_first_name: r.sender_first_name,
        sender_last_name: r.sender_last_name,
        from_coach: r.from_coach,
      }),
      resolution:
        r.resolution === null || r.resolved_at === null || r.resolved_by === null
          ? null
          : {
              action: r.resolution,
              resolvedAt: iso(r.resolved_at),
              resolvedBy: r.resolved_by,
              resolvedByName: personName(r.resolver_first_name, r.resolver_last_name, "Admin"),
              note: r.resolution_note,
            },
      sender: {
        userId: r.sender_id,
        messagingSuspended: Boolean(r.sender_messaging_suspended),
        accountSuspended: Boolean(r.sender_account_suspended),
      },
    })),
    nextCursor:
      rows.length > CONVERSATIONS_PAGE_SIZE && last
        ? String(last.resolved_at === null ? last.id : last.id + reportsRepo.RESOLVED_CURSOR_OFFSET)
        : null,
  };
}

/**
 * Sweep: a participant with unread messages from others is told by e-mail (and SMS where opted
 * in) within a minute of the first, then at most once per 15 minutes per conversation while
 * unread; never about their own messages. The claim is a row per (conversation, user), taken
 * before sending, so two processes never both send.
 */
export async function sendMessageNotices(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock.now();
  let sent = 0;
  for (const due of await noticesRepo.dueNotices(db, now, MESSAGE_NOTICE_GRACE_SECONDS, MESSAGE_NOTICE_INTERVAL_MINUTES)) {
    const claimed = await noticesRepo.claimNotice(db, {
      conversationId: due.conversation_id,
      userId: due.user_id,
      lastMessageId: due.latest_id,
      now,
      intervalMinutes: MESSAGE_NOTICE_INTERVAL_MINUTES,
    });
    if (!claimed) continue;
    const unread = await noticesRepo.unreadForNotice(db, due.conversation_id, due.user_id, due.latest_id);
    const from = due.recipient_is_coach ? due.family_name || "A family" : due.coach_name || "Your coach";
    const link = `${deps.config.appUrl}${conversationPath(due.conversation_id)}`;
    // Plain text only (no HTML part): a message's text is quoted, never interpreted.
    const lines = unread.map((m) => `${personName(m.sender_first_name, m.sender_last_name, from)}: ${firstLine(m.body)}`);
    const text = [
      `Hi ${due.first_name?.trim() || "there"},`,
      "",
      `You have ${unread.length === 1 ? "a new message" : "new messages"} from ${from}:`,
      "",
      ...lines.map((l) => `> ${l}`),
      "",
      `Read and reply: ${link}`,
      "",
      "You get at most one e-mail per conversation every 15 minutes while messages are unread.",
    ].join("\n");
    try {
      await deps.mailer.send({ to: due.email, subject: `New message from ${from}`, text });
      sent += 1;
    } catch (err) {
      deps.logger.error({ err, conversationId: due.conversation_id }, "could not send a message notice");
    }
    if (due.sms_opt_in && due.phone_number) {
      try {
        await deps.sms.send(due.phone_number, `New message from ${from}: "${firstLine(unread.at(-1)?.body ?? "", 100)}" Reply: ${link}`);
      } catch (err) {
        deps.logger.error({ err, conversationId: due.conversation_id }, "could not send a message SMS");
      }
    }
  }
  await sendParentCopies(deps, now);
  return sent;
}

/**
 * The parent of a minor account holder gets every message of the family's conversations, in full,
 * while the one audience rule names them (until a second guardian has joined).
 */
async function sendParentCopies(deps: AppDeps, now: Date): Promise<void> {
  for (const copy of await noticesRepo.claimParentCopies(deps.database.db, now)) {
    const to = (await familyAudience(deps.database.db, { familyId: copy.family_id }, now)).parent?.email;
    if (!to) continue;
    const sender = personName(copy.sender_first_name, copy.sender_last_name, "Someone");
    // DESIGN.md 12: the text only to an address that confirmed itself; before that, a notice and the link.
    const copyOf = await parentCopyOf(deps, copy.family_id, to);
    const text = copyOf.confirmed
      ? [
          `As the parent named on your child's account, you receive a copy of every message between your family and ${copy.coach_name || "a coach"}.`,
          "",
          `From: ${sender}`,
          `Sent: ${iso(copy.created_at)}`,
          "",
          ...copy.body.split(/\r?\n/).map((l) => `> ${l}`),
        ].join("\n")
      : [
          `${sender} sent a message in your child's conversation with ${copy.coach_name || "a coach"} on LaxCoach (${iso(copy.created_at)}).`,
          "",
          "You were named as this player's parent or guardian. Confirm this address to receive the text of every message:",
          "",
          copyOf.link,
          "",
          "If you are not this player's parent or guardian, ignore this e-mail.",
        ].join("\n");
    try {
      await deps.mailer.send({ to, subject: `Copy of a message with ${copy.coach_name || "a coach"}`, text });
    } catch (err) {
      deps.logger.error({ err, messageId: copy.id }, "could not send a parent's copy of a message");
    }
  }
}
