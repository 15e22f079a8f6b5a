import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { coaches } from "./coaches";
import { bookings } from "./bookings";
import { families } from "./families";
import { requiredRef } from "./columns";

/**
 * A conversation between one coach and one family (DESIGN.md 11): keyed on the family, never on an
 * athlete, so every guardian reads every message and a minor never has a private line to a coach.
 * `activity` orders the lists (latest first) and is their cursor: a sequence value taken on creation
 * and again on each message.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    coachId: requiredRef("coach_id", () => coaches.id),
    familyId: requiredRef("family_id", () => families.id),
    openedBy: integer("opened_by").references(() => users.id, { onDelete: "set null" }),
    /** Opened by one of the family's guardians (counts toward the family's 20 a day). */
    openedByFamily: boolean("opened_by_family").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    activity: bigint("activity", { mode: "number" })
      .notNull()
      .default(sql`nextval('conversation_activity_seq')`),
  },
  (t) => [
    uniqueIndex("conversations_coach_family_key").on(t.coachId, t.familyId),
    index("conversations_family_activity_idx").on(t.familyId, t.activity),
    index("conversations_coach_activity_idx").on(t.coachId, t.activity),
    // The message-notice sweep reads the conversations of the last two days (issue 46).
    index("conversations_last_message_idx").on(t.lastMessageAt),
  ],
);

/** A message; kept for good (migration 0018's trigger refuses a delete or a change of its text). */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    conversationId: requiredRef("conversation_id", () => conversations.id),
    senderId: requiredRef("sender_id", () => users.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The family's only login is a minor's: the parent named on it gets a copy (DESIGN.md 11). */
    copyToParent: boolean("copy_to_parent").notNull().default(false),
    parentCopiedAt: timestamp("parent_copied_at", { withTimezone: true }),
    /** The booking a notice is about (a no-show's): the family's dispute of it holds that payout. */
    bookingId: integer("booking_id").references(() => bookings.id),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    index("messages_booking_idx")
      .on(t.bookingId)
      .where(sql`${t.bookingId} IS NOT NULL`),
    index("messages_sender_time_idx").on(t.senderId, t.createdAt),
    check("messages_body_length_check", sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);

/** How far each participant has read a conversation: unread = later messages of others. */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    conversationId: requiredRef("conversation_id", () => conversations.id),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    lastReadMessageId: integer("last_read_message_id").notNull(),
  },
  (t) => [primaryKey({ name: "conversation_reads_pkey", columns: [t.conversationId, t.userId] })],
);

/** The last e-mail (or SMS) about unread messages each participant got per conversation: at most one per 15 minutes. */
export const conversationNotices = pgTable(
  "conversation_notices",
  {
    conversationId: requiredRef("conversation_id", () => conversations.id),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    lastMessageId: integer("last_message_id").notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "conversation_notices_pkey", columns: [t.conversationId, t.userId] })],
);

/** A message reported by someone in its conversation: the admin's queue, and the admin's only way into a conversation. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: serial("id").primaryKey(),
    messageId: requiredRef("message_id", () => messages.id),
    reporterId: requiredRef("reporter_id", () => users.id),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set once, when an admin resolves the report (DESIGN 12, Moderation); a second resolution is refused. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => users.id),
    resolution: text("resolution", { enum: ["dismiss", "warn", "suspend_messaging", "suspend_account"] }),
    resolutionNote: text("resolution_note").notNull().default(""),
  },
  (t) => [
    uniqueIndex("message_reports_message_reporter_key").on(t.messageId, t.reporterId),
    index("message_reports_created_idx").on(t.createdAt, t.id),
    check("message_reports_reason_length_check", sql`char_length(${t.reason}) <= 1000`),
    check(
      "message_reports_resolution_check",
      sql`${t.resolution} IS NULL OR ${t.resolution} IN ('dismiss', 'warn', 'suspend_messaging', 'suspend_account')`,
    ),
    check("message_reports_resolved_check", sql`(${t.resolvedAt} IS NULL) = (${t.resolution} IS NULL)`),
  ],
);
