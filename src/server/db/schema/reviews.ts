import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { bookings } from "./bookings";
import { coaches } from "./coaches";
import { requiredRef } from "./columns";

/**
 * A student's public review of a completed session (DESIGN.md 10): the only source of a coach's
 * public rating. The coach's own feedback (session_feedback) stays private to the student.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    bookingId: requiredRef("booking_id", () => bookings.id, { onDelete: "cascade" }),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
    studentId: requiredRef("student_id", () => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per booking: the database refuses a second even if two arrive at once.
    uniqueIndex("reviews_booking_key").on(t.bookingId),
    // The coach's rating, distribution and latest reviews.
    index("reviews_coach_idx").on(t.coachId, t.createdAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * The private calendar feed of a user. The token is an HMAC of the user and this nonce, so nothing
 * stored here opens the feed; revoking deletes the row, and the next token gets a new nonce.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  nonce: text("nonce").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages a sweep sends once (a reminder per booking, one per session to the coach). Inserting
 * the key claims it, so two processes never both send. Review requests were claimed here until
 * migration 0036 (their rows stay); now the booking's `review_requested_at` is their claim.
 */
export const sentNotices = pgTable(
  "sent_notices",
  {
    kind: text("kind", { enum: ["student_reminder", "coach_reminder", "review_request"] }).notNull(),
    /** The booking id (student_reminder, review_request) or the time slot id (coach_reminder). */
    subjectId: integer("subject_id").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "sent_notices_pkey", columns: [t.kind, t.subjectId] }),
    check("sent_notices_kind_check", sql`${t.kind} in ('student_reminder', 'coach_reminder', 'review_request')`),
  ],
);
