import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { athletes } from "./families";
import { bookings } from "./bookings";
import { coaches } from "./coaches";
import { timeSlots } from "./slots";
import { requiredRef } from "./columns";

export const sessionRequests = pgTable(
  "session_requests",
  {
    id: serial("id").primaryKey(),
    studentId: requiredRef("student_id", () => users.id, { onDelete: "cascade" }),
    /** The athlete the seat or request is for (DESIGN.md 11); a row inserted without one is for the family's first athlete (trigger, migration 0015). */
    athleteId: integer("athlete_id").references(() => athletes.id, { onDelete: "cascade" }),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
    requestedStartsAt: timestamp("requested_starts_at", { withTimezone: true }).notNull(),
    requestedEndsAt: timestamp("requested_ends_at", { withTimezone: true }).notNull(),
    sessionType: text("session_type", { enum: ["individual", "group"] }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** A group request's seats (2 to 10): the capacity of the slot made when it is accepted. */
    groupSize: integer("group_size"),
    rateCents: integer("rate_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    message: text("message"),
    coachResponse: text("coach_response"),
    status: text("status", { enum: ["pending", "accepted", "declined", "expired", "cancelled"] })
      .notNull()
      .default("pending"),
    timeSlotId: integer("time_slot_id").references(() => timeSlots.id, { onDelete: "set null" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("session_requests_student_idx").on(t.studentId),
    index("session_requests_coach_idx").on(t.coachId, t.status),
    index("session_requests_pending_start_idx")
      .on(t.requestedStartsAt)
      .where(sql`${t.status} = 'pending'`),
    check("session_requests_status_check", sql`${t.status} in ('pending', 'accepted', 'declined', 'expired', 'cancelled')`),
    check("session_requests_duration_check", sql`${t.durationMinutes} in (30, 60)`),
    check("session_requests_end_check", sql`${t.requestedEndsAt} > ${t.requestedStartsAt}`),
    check("session_requests_group_size_check", sql`${t.groupSize} is null or ${t.groupSize} between 2 and 10`),
  ],
);
