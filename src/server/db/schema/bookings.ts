import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { coaches, rates } from "./coaches";
import { timeSlots } from "./slots";

export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    coachId: integer("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "restrict" }),
    timeSlotId: integer("time_slot_id")
      .notNull()
      .references(() => timeSlots.id, { onDelete: "restrict" }),
    rateId: integer("rate_id").references(() => rates.id, { onDelete: "set null" }),
    sessionType: text("session_type", { enum: ["individual", "group"] }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Money is a snapshot taken when the booking is made, in integer cents. */
    rateCents: integer("rate_cents").notNull(),
    platformFeeCents: integer("platform_fee_cents").notNull(),
    tipCents: integer("tip_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    coachEarningsCents: integer("coach_earnings_cents").notNull(),
    notes: text("notes"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["pending", "confirmed", "completed", "cancelled"] })
      .notNull()
      .default("pending"),
    /** unpaid -> completed (paid) -> refunded; failed when the last attempt was declined. */
    paymentStatus: text("payment_status", { enum: ["unpaid", "processing", "completed", "failed", "refund_pending", "refunded"] })
      .notNull()
      .default("unpaid"),
    paymentIntentId: text("payment_intent_id"),
    /** A pending booking holds its seat until then (15 minutes). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason"),
    refundId: text("refund_id"),
    feedbackSubmittedAt: timestamp("feedback_submitted_at", { withTimezone: true }),
    /** none -> pending (feedback given, waiting for a ready account) -> paid */
    payoutStatus: text("payout_status", { enum: ["none", "pending", "paid"] })
      .notNull()
      .default("none"),
    transferId: text("transfer_id"),
    payoutReleasedAt: timestamp("payout_released_at", { withTimezone: true }),
    sessionRequestId: integer("session_request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bookings_student_idx").on(t.studentId, t.startsAt),
    index("bookings_coach_idx").on(t.coachId, t.startsAt),
    index("bookings_slot_idx").on(t.timeSlotId),
    uniqueIndex("bookings_payment_intent_key").on(t.paymentIntentId),
    // A student cannot hold two active bookings in the same slot.
    uniqueIndex("bookings_one_active_per_student_slot")
      .on(t.timeSlotId, t.studentId)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    index("bookings_pending_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    check("bookings_status_check", sql`${t.status} in ('pending', 'confirmed', 'completed', 'cancelled')`),
    check("bookings_duration_check", sql`${t.durationMinutes} in (30, 60)`),
    check(
      "bookings_money_check",
      sql`${t.rateCents} > 0 and ${t.platformFeeCents} >= 0 and ${t.tipCents} >= 0 and ${t.totalCents} = ${t.rateCents} + ${t.platformFeeCents} + ${t.tipCents} and ${t.coachEarningsCents} = ${t.rateCents} + ${t.tipCents}`,
    ),
  ],
);

export const sessionFeedback = pgTable(
  "session_feedback",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    coachId: integer("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "cascade" }),
    feedback: text("feedback").notNull(),
    rating: integer("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("session_feedback_booking_key").on(t.bookingId),
    // A coach's rating on search results and the profile (search.repository).
    index("session_feedback_coach_idx").on(t.coachId),
    check("session_feedback_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
