import { z } from "zod";
import type { ReportResolutionState, SenderStanding } from "./moderation-basics";
import { MESSAGE_MAX_LENGTH, MessageMessages, REPORT_REASON_MAX_LENGTH } from "./message-basics";

/** The schemas of the messages between a coach and a family (DESIGN.md 11, issue 24); their limits and texts are in `message-basics.ts`. */

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

/** The session a thread is about (DESIGN.md 12): the soonest upcoming of the coach with the family, else the latest. */
export type ConversationSession = { bookingId: number; athleteName: string; startsAt: string; timeZone: string; status: string };

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
  /** The family has an athlete under 18: the composer reminds the sender to keep contact details off (DESIGN.md 12). */
  hasMinor: boolean;
  /** Which athlete and which session the thread is about, shown at its top; null before any booking. */
  session: ConversationSession | null;
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
  /** Null while open; the admin's decision once resolved (DESIGN 12, Moderation). */
  resolution: ReportResolutionState | null;
  /** The sender's standing now (a suspension may have been lifted since). */
  sender: SenderStanding;
};
