import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every e-mail, SMS and web push, kept until it is delivered (STYLE.md: side effects leave through an
 * outbox). A request enqueues a row and answers; delivery claims the row (`claimed_until`, a lease
 * by the wall clock, so a process that dies mid-send hands it on) and a sweep retries failures with
 * a growing delay (`next_attempt_at`, by the app's clock) until MAX_DELIVERY_ATTEMPTS.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "sms", "push"] }).notNull(),
    /** The message as the transport takes it: a MailMessage, `{ to, body }` for an SMS, a PushDelivery for a push. */
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("outbox_messages_channel_check", sql`${t.channel} in ('email', 'sms', 'push')`),
    check("outbox_messages_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    // The sweep's question: which pending messages are due.
    index("outbox_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
