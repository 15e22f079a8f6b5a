import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { athletes } from "./families";
import { bookings } from "./bookings";
import { timeSlots } from "./slots";
import { requiredRef } from "./columns";

/**
 * A player's place in the queue for a full group slot. When a seat frees, the first waiting entry
 * is offered it: a pending booking holds the seat for them (30 minutes), and the entry points to it.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    timeSlotId: requiredRef("time_slot_id", () => timeSlots.id, { onDelete: "cascade" }),
    studentId: requiredRef("student_id", () => users.id, { onDelete: "cascade" }),
    /** The athlete the seat or request is for (DESIGN.md 11); a row inserted without one is for the family's first athlete (trigger, migration 0015). */
    athleteId: integer("athlete_id").references(() => athletes.id, { onDelete: "cascade" }),
    /** waiting -> offered (a held seat) -> booked (paid) | lapsed (hold ran out); left at any time before. */
    status: text("status", { enum: ["waiting", "offered", "booked", "lapsed", "left"] })
      .notNull()
      .default("waiting"),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One place per athlete per slot while it is live.
    uniqueIndex("waitlist_one_active_per_athlete_slot")
      .on(t.timeSlotId, t.athleteId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("waitlist_slot_queue_idx")
      .on(t.timeSlotId, t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    index("waitlist_student_idx").on(t.studentId),
    check("waitlist_status_check", sql`${t.status} in ('waiting', 'offered', 'booked', 'lapsed', 'left')`),
  ],
);
