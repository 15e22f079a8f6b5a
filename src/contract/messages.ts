import { z } from "zod";

/**
 * Messages between a coach and a family (DESIGN.md 11, issue 24). A conversation is between one
 * coach and one family's guardians, never an athlete's own login: USA Lacrosse and SafeSport ask
 * that a guardian be part of every electronic message to a minor.
 */
export const MESSAGE_MAX_LENGTH = 2000;
export const REPORT_REASON_MAX_LENGTH = 1000;
export const MAX_MESSAGES_PER_HOUR = 60;
export const MAX_NEW_CONVERSATIONS_PER_DAY = 20;
/** Lists page by this many (`?cursor=` from the previous answer's X-Next-Cursor). */
export const CONVERSATIONS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_NEXT_CURSOR_HEADER = "X-Next-Cursor";
/** The socket event of a new message (DESIGN.md 11). */
export const MESSAGE_NEW_EVENT = "message:new";
/** The first e-mail about an unread message goes out within a minute, then at most one per 15 minutes per conversation. */
export const MESSAGE_NOTICE_GRACE_SECONDS = 30;
export const MESSAGE_NOTICE_INTERVAL_MINUTES = 15;

export const MessageMessages = {
  BODY_REQUIRED: "Please write a message.",
  BODY_TOO_LONG: `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  BODY_INVALID: "A message cannot contain control characters.",
  COACH_REQUIRED: "Choose the coach to message.",
  FAMILY_REQUIRED: "Choose the family to message.",
  COACH_NOT_FOUND: "Coach not found",
  FAMILY_NOT_FOUND: "Family not found",
  CONVERSATION_NOT_FOUND: "Conversation not found",
  MESSAGE_NOT_FOUND: "Message not found",
  /** A coach may open a conversation only with a family that has booked or asked them (answered 403). */
  COACH_NEEDS_BOOKING: "You can message a family only after they have booked or requested a session with you.",
  ONLY_FAMILIES_AND_COACHES: "Messages are between families and coaches.",
  TOO_MANY_MESSAGES: `You can send at most ${MAX_MESSAGES_PER_HOUR} messages an hour. Please try again later.`,
  TOO_MANY_CONVERSATIONS: `Your family can start at most ${MAX_NEW_CONVERSATIONS_PER_DAY} new conversations a day. Please try again tomorrow.`,
  REASON_TOO_LONG: `Please keep the reason under ${REPORT_REASON_MAX_LENGTH} characters.`,
  CURSOR: "cursor must be the X-Next-Cursor of the previous page",
  REPORTED: "Thank you. The message was reported and an administrator will review it.",
  REPORT_CONFIRM: "Report this message to the site's administrators? They will read this conversation.",
  EMPTY_LIST: "No conversations yet.",
} as const;

/** C0 controls other than tab and line breaks, DEL, and lone surrogates: never part of a message. */
const FORBIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A message's text: 1-2000 characters (code points) once trimmed at the ends. */
export const MessageBodySchema = z
  .string({ message: MessageMessages.BODY_REQUIRED })
  .trim()
  .min(1, { message: MessageMessages.BODY_REQUIRED })
  .refine((v) => [...v].length <= MESSAGE_MAX_LENGTH, { message: MessageMessages.BODY_TOO_LONG })
  .refine((v) => !FORBIDDEN_CHARACTERS.test(v), { message: MessageMessages.BODY_INVALID });

/** POST /api/conversations/{id}/messages */
export const SendMessageRequestSchema = z.object({ body: MessageBodySchema });

const positiveId = (message: string) => z.number({ message }).int({ message }).positive({ message });

/** POST /api/conversations: a family names the coach (`coachId`); a coach names a guardian of the family (`userId`). */
export const OpenConversationRequestSchema = z.object({
  coachId: positiveId(MessageMessages.COACH_REQUIRED).optional(),
  userId: positiveId(MessageMessages.FAMILY_REQUIRED).optional(),
});
export type OpenConversationRequest = z.infer<typeof OpenConversationRequestSchema>;

/** POST /api/messages/{id}/report */
export const ReportMessageRequestSchema = z.object({
  reason: z
    .string({ message: MessageMessages.REASON_TOO_LONG })
    .trim()
    .max(REPORT_REASON_MAX_LENGTH, { message: MessageMessages.REASON_TOO_LONG })
    .optional(),
});

/** `?cursor=` of the paged lists: digits only. */
export const PageQuerySchema = z.object({
  cursor: z
    .string({ message: MessageMessages.CURSOR })
    .regex(/^\d{1,15}$/, { message: MessageMessages.CURSOR })
    .optional(),
});

export type Message = {
  id: number;
  conversationId: number;
  senderId: number;
  body: string;
  createdAt: string;
};

/** A message as the conversation view shows it: its sender's name and side. */
export type ConversationMessage = Message & { senderName: string; fromCoach: boolean };

export type ConversationAthlete = { id: number; firstName: string; lastName: string };

/** GET /api/conversations items (and POST /api/conversations' answer). */
export type Conversation = {
  id: number;
  coachId: number;
  coachUserId: number;
  coachName: string;
  coachPhotoUrl: string | null;
  familyId: number;
  /** The guardians' names, account holder first ("Pat Player"). */
  familyName: string;
  guardianIds: number[];
  /** The family's guardians by name, account holder first (who wrote what in the log). */
  guardians: { id: number; name: string }[];
  athletes: ConversationAthlete[];
  /** Who the viewer is talking to: the coach's name for a family, the family's for a coach. */
  title: string;
  lastMessage: Message | null;
  unreadCount: number;
  createdAt: string;
  lastMessageAt: string | null;
};

/** GET /api/conversations/unread: the header's badge. */
export type UnreadSummary = { unreadCount: number; conversations: number };

/** GET /api/admin/message-reports items. */
export type MessageReport = {
  id: number;
  reason: string;
  createdAt: string;
  reporterId: number;
  reporterName: string;
  conversationId: number;
  coachName: string;
  familyName: string;
  message: ConversationMessage;
};

/** The first line of a message, for e-mails, SMS and the list's preview. */
export function firstLine(body: string, maxLength = 140): string {
  const line = body.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  const trimmed = line.trim();
  return [...trimmed].length > maxLength ? `${[...trimmed].slice(0, maxLength - 1).join("")}…` : trimmed;
}

/** The page of a conversation (links in e-mails, cards and the list). */
export const conversationPath = (conversationId: number) => `/messages/${conversationId}`;
