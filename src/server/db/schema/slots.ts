import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { coaches } from "./coaches";
import { requiredRef } from "./columns";

export const timeSlots = pgTable(
  "time_slots",
  {
    id: serial("id").primaryKey(),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /**
     * Open for booking: false once every seat is held (confirmed or unexpired pending bookings).
     * Kept by the booking service in the same transaction that changes seats.
     */
    isAvailable: boolean("is_available").notNull().default(true),
    isGroup: boolean("is_group").notNull().default(false),
    capacity: integer("capacity").notNull().default(1),
    locationName: text("location_name"),
    locationAddress: text("location_address"),
    locationLat: doublePrecision("location_lat"),
    locationLng: doublePrecision("location_lng"),
    locationNotes: text("location_notes"),
    /** Set when the coach cancels the session: it will not happen, so the slot never opens again. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Set when the coach removes a cancelled slot from their list. The row stays: its refunded
     * bookings point at it, and rows that carry money are never dropped.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * Made by accepting a session request (issue 28): never public (never available, never in
     * search), and closed with its booking when that booking expires or is cancelled.
     */
    requestOnly: boolean("request_only").notNull().default(false),
    /** The weekly series this slot belongs to (DESIGN.md 11: made together by one repeatWeeks request). */
    seriesId: text("series_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("time_slots_coach_starts_idx").on(t.coachId, t.startsAt),
    // Search looks for open future slots per coach.
    index("time_slots_open_starts_idx")
      .on(t.coachId, t.startsAt)
      .where(sql`${t.isAvailable}`),
    check("time_slots_ends_after_starts_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("time_slots_capacity_check", sql`(${t.isGroup} and ${t.capacity} between 2 and 10) or (not ${t.isGroup} and ${t.capacity} = 1)`),
  ],
);
