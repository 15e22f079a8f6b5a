import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { requiredRef } from "./columns";

/**
 * Every admin action (DESIGN 12, Moderation): who did what, when, to whom. Append-only: rows are
 * written with the action they record and never changed, so the log is the admins' history.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    adminId: requiredRef("admin_id", () => users.id),
    action: text("action").notNull(),
    /** The user the action was done to, when there is one (a reported message's sender, a coach). */
    targetUserId: integer("target_user_id").references(() => users.id),
    /** What the action was about, in words an admin reads ("message report 12", "testimonial 3"). */
    subject: text("subject").notNull().default(""),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("admin_audit_log_target_idx").on(t.targetUserId),
    check("admin_audit_log_note_length_check", sql`char_length(${t.note}) <= 2000`),
  ],
);
