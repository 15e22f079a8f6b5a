// Over 300 lines: a conversation's whole life (open, list, read, send, report, the notices) goes through one check of who may see a conversation (viewerOf).
import { fullName } from "@contract/names";
import type { Conversation, ConversationMessage, Message, OpenConversationRequest, UnreadSummary } from "@contract/messages";
import {
  CONVERSATIONS_PAGE_SIZE,
  MAX_MESSAGES_PER_HOUR,
  MAX_NEW_CONVERSATIONS_PER_DAY,
  MESSAGES_PAGE_SIZE,
  MessageMessages,
} from "@contract/message-basics";
import { ErrorCode } from "@contract/error-basics";
import { ModerationMessages } from "@contract/moderation-basics";
import { coachIdOfUser } from "../../db/coach-of-user";
import { familyAudience, familyIdOfUser } from "../../db/families";
import type { AppDeps } from "../../deps";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./messages.repository";
import * as reportsRepo from "./message-reports.repository";
import { present } from "../../present";
import { ageOn, ageRuleToday, isMinorAge } from "@contract/players";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type Page<T> = { items: T[]; nextCursor: string | null };

const tooMany = (message: string) => new AppError(429, ErrorCode.RATE_LIMITED, message);
export const personName = (firstName: string | null | undefined, lastName: string | null | undefined, fallback = "") =>
  fullName({ firstName, lastName }) || fallback;
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
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
export async function requireParticipant(deps: AppDeps, user: UserRow, conversationId: number): Promise<repo.ConversationContext> {
  const context = await repo.findConversationContext(deps.database.db, conversationId);
  if (!context || !(context.coachUserId === user.id || context.guardians.some((g) => g.id === user.id))) {
    throw notFound(MessageMessages.CONVERSATION_NOT_FOUND);
  }
  return context;
}

function toConversation(row: repo.ConversationListRow, viewer: Viewer, now: Date): Conversation {
  const guardians = parsed(row.guardians);
  const athletes = parsed(row.athletes);
  const last = row.last_message === null ? null : parsed(row.last_message);
  const session = row.session === null ? null : parsed(row.session);
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
    hasMinor: athletes.some((a) => isMinorAge(ageOn(a.birthday, ageRuleToday(now)))),
    session: session && {
      bookingId: session.bookingId,
      athleteName: personName(session.athleteFirstName, session.athleteLastName, "Athlete"),
      startsAt: iso(session.startsAt),
      timeZone: session.timeZone,
      status: session.status,
    },
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
    now: deps.clock.now(),
  });
  if (!row) throw notFound(MessageMessages.CONVERSATION_NOT_FOUND);
  return toConversation(row, viewer, deps.clock.now());
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
    now: deps.clock.now(),
  });
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => toConversation(row, viewer, deps.clock.now())),
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

export function toConversationMessage(row: repo.MessageListRow): ConversationMessage {
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
  return announceMessage(deps, conversation.coachId, conversation, row);
}

/** POST /api/conversations/{id}/read: everything up to the latest message is read by this user. */
export async function markConversationRead(deps: AppDeps, user: UserRow, conversationId: number): Promise<{ unreadCount: number }> {
  await requireParticipant(deps, user, conversationId);
  const latest = await repo.latestMessageId(deps.database.db, conversationId);
  if (latest !== null) await repo.markRead(deps.database.db, conversationId, user.id, latest);
  return { unreadCount: 0 };
}

/**
 * A coach's no-show mark, in the family's thread with that coach (DESIGN.md 12): the conversation
 * is opened if there is none, and the message is the coach's, so the family can answer or dispute
 * it there (its report reaches the admins, who can reverse the no-show). Delivered and copied like
 * any message; no hourly limit, as it is the booking's own notice.
 */
export async function postNoShowToFamily(
  deps: AppDeps,
  values: { coachId: number; coachUserId: number; familyId: number; bookingId: number; body: string },
): Promise<void> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const copyToParent = (await familyAudience(db, { familyId: values.familyId }, now)).parent?.email != null;
  const row = await db.transaction(async (tx) => {
    const { conversation } =
      (await repo.findConversationByPair(tx, values.coachId, values.familyId).then((c) => (c ? { conversation: c } : undefined))) ??
      (await repo.insertConversation(tx, {
        coachId: values.coachId,
        familyId: values.familyId,
        openedBy: values.coachUserId,
        openedByFamily: false,
        now,
      }));
    return repo.insertMessage(tx, {
      conversationId: conversation.id,
      senderId: values.coachUserId,
      body: values.body,
      now,
      copyToParent,
      bookingId: values.bookingId,
    });
  });
  const conversation = await conversationFor(
    deps,
    { userId: values.coachUserId, coachId: values.coachId, familyId: null },
    row.conversationId,
  );
  await announceMessage(deps, values.coachId, conversation, row);
}

/** A new message as the API answers it, announced live to the coach and every guardian of the conversation. */
async function announceMessage(
  deps: AppDeps,
  coachId: number,
  conversation: { coachUserId: number; guardians: { id: number }[] },
  row: { id: number; conversationId: number; senderId: number; body: string; createdAt: Date },
): Promise<Message> {
  const message: Message = {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
  const userIds = [...new Set([conversation.coachUserId, ...conversation.guardians.map((g) => g.id)])];
  await deps.events.publish({ type: "message:new", coachId, conversationId: row.conversationId, userIds, message });
  return message;
}
