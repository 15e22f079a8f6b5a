/**
 * Messages between a coach and a family (DESIGN.md 11, issue 24). A conversation is between one
 * coach and one family's guardians, never an athlete's own login: USA Lacrosse and SafeSport ask
 * that a guardian be part of every electronic message to a minor.
 *
 * Its limits, texts and links without zod: the messages page, My Bookings and the coach's dashboard
 * show them on their first screen, and a page that only displays them does not load the schema
 * library (docs/PERFORMANCE.md, JavaScript per page). The schemas stay in `messages.ts`.
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

/** The first line of a message, for e-mails, SMS and the list's preview. */
export function firstLine(body: string, maxLength = 140): string {
  const line = body.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  const trimmed = line.trim();
  return [...trimmed].length > maxLength ? `${[...trimmed].slice(0, maxLength - 1).join("")}…` : trimmed;
}

/** The page of a conversation (links in e-mails, cards and the list). */
export const conversationPath = (conversationId: number) => `/messages/${conversationId}`;

/**
 * A no-show in the family's thread (DESIGN.md 12): the coach's mark is posted as a message that
 * begins with this, so the family's view offers "Reply" and "Dispute" under it.
 */
export const NO_SHOW_MESSAGE_PREFIX = "No-show: ";
export const NO_SHOW_DISPUTE_REASON = "The family disputes this no-show.";
