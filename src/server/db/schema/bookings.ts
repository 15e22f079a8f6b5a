import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { athletes } from "./families";
import { coaches, rates } from "./coaches";
import { timeSlots } from "./slots";
import { requiredRef } from "./columns";

/** Why a booking was cancelled: its hold (or an accepted request's deadline) ran out, the coach or the student cancelled, a payment came that could not be honoured, or an admin reversed a no-show. */
export const CANCEL_CODES = ["hold_expired", "coach_cancelled", "student_cancelled", "not_honoured", "no_show_reversed"] as const;
export type CancelCode = (typeof CANCEL_CODES)[number];

/** Why a charge is given back. */
export const REFUND_REASONS = [
  "coach_cancelled",
  "student_cancelled",
  "not_honoured",
  "amount_mismatch",
  "duplicate_payment",
  "no_show_reversed",
  "credits_refunded",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    studentId: requiredRef("student_id", () => users.id, { onDelete: "restrict" }),
    /** The athlete the seat or request is for (DESIGN.md 11); a row inserted without one is for the family's first athlete (trigger, migration 0015). */
    athleteId: integer("athlete_id").references(() => athletes.id, { onDelete: "restrict" }),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "restrict" }),
    timeSlotId: requiredRef("time_slot_id", () => timeSlots.id, { onDelete: "restrict" }),
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
    status: text("status", { enum: ["pending", "confirmed", "completed", "cancelled", "no_show"] })
      .notNull()
      .default("pending"),
    /** unpaid -> completed (paid) -> refunded; failed when the last attempt was declined. */
    paymentStatus: text("payment_status", { enum: ["unpaid", "processing", "completed", "failed", "refund_pending", "refunded"] })
      .notNull()
      .default("unpaid"),
    paymentIntentId: text("payment_intent_id"),
    /** A pending booking holds its seat until then (15 minutes; an accepted request's booking: DESIGN.md 10's deadline). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * When the review-request sweep came to the completed session: its e-mail sent, or none because
     * a review came first. Null while due, so the sweep finds the due ones through a small index.
     */
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** What the coach wrote when cancelling the session: free text, shown to the students, never read by code. */
    cancellationReason: text("cancellation_reason"),
    /** Why the booking was cancelled, for the code (set exactly when status is cancelled). */
    cancelCode: text("cancel_code", { enum: CANCEL_CODES }),
    refundId: text("refund_id"),
    feedbackSubmittedAt: timestamp("feedback_submitted_at", { withTimezone: true }),
    /**
     * none -> pending (feedback given or a no-show marked, waiting for a ready account) -> paid;
     * an admin's reversal of a no-show takes a sent payout back (reversed) or, when the provider
     * cannot, records it as owed by the coach (owed).
     */
    payoutStatus: text("payout_status", { enum: ["none", "pending", "paid", "reversed", "owed"] })
      .notNull()
      .default("none"),
    transferId: text("transfer_id"),
    payoutReleasedAt: timestamp("payout_released_at", { withTimezone: true }),
    /**
     * Payout attempts: `payoutStartedAt` is set before the provider is called (a transfer in
     * flight), so a retry after a crash or a long outage looks the transfer up instead of sending
     * a second one; failures back off until `payoutNextAttemptAt` and stop after a bound.
     */
    payoutAttempts: integer("payout_attempts").notNull().default(0),
    payoutNextAttemptAt: timestamp("payout_next_attempt_at", { withTimezone: true }),
    payoutStartedAt: timestamp("payout_started_at", { withTimezone: true }),
    payoutLastError: text("payout_last_error"),
    sessionRequestId: integer("session_request_id"),
    /**
     * The client address the hold was made from (the socket's, or the one TRUST_PROXY allows):
     * unpaid holds are limited per coach and address across accounts (DESIGN.md 10).
     */
    clientAddress: text("client_address"),
    /** The coach marked the athlete absent (DESIGN.md 11): when, and the note that stands for feedback. */
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    noShowNote: text("no_show_note"),
    /** An admin reversed the no-show: the family refunded in full, the payout taken back or owed. */
    noShowReversedAt: timestamp("no_show_reversed_at", { withTimezone: true }),
    /** Paid with a credit of this package purchase instead of a card (DESIGN.md 11; foreign key in migration 0019). */
    packagePurchaseId: integer("package_purchase_id"),
    /**
     * The card holds of one weekly series booking share this id (DESIGN.md 12): an unpaid series is
     * one hold toward both caps, and at most one per family and one per coach and client address.
     */
    seriesHoldId: text("series_hold_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bookings_student_idx").on(t.studentId, t.startsAt),
    index("bookings_coach_idx").on(t.coachId, t.startsAt),
    index("bookings_slot_idx").on(t.timeSlotId),
    // Several bookings of one family may share one checkout's payment intent (DESIGN.md 11).
    index("bookings_payment_intent_idx").on(t.paymentIntentId),
    // An athlete cannot hold two active bookings in the same slot (a seat is per athlete, DESIGN.md 11).
    uniqueIndex("bookings_one_active_per_athlete_slot")
      .on(t.timeSlotId, t.athleteId)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    // The reminder sweep looks for confirmed sessions starting within the next 24 hours.
    index("bookings_confirmed_starts_idx")
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed'`),
    index("bookings_pending_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    index("bookings_pending_address_idx")
      .on(t.coachId, t.clientAddress)
      .where(sql`${t.status} = 'pending'`),
    index("bookings_pending_series_hold_idx")
      .on(t.seriesHoldId)
      .where(sql`${t.status} = 'pending' and ${t.seriesHoldId} is not null`),
    // The late-payment sweep asks the provider about cancelled bookings that had an intent and whose
    // money is not recorded (a refunded one, nearly every one in a month's window, is not in it).
    index("bookings_cancelled_unsettled_idx")
      .on(t.cancelledAt)
      .where(
        sql`${t.status} = 'cancelled' and ${t.paymentIntentId} is not null and ${t.paymentStatus} not in ('completed', 'refund_pending', 'refunded')`,
      ),
    // The sweeps' other work lists, each holding only what is due (issue 46): sessions the review
    // request has not come to yet, and payouts waiting.
    index("bookings_review_request_due_idx")
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed' and ${t.reviewRequestedAt} is null`),
    index("bookings_payout_pending_idx")
      .on(t.payoutNextAttemptAt)
      .where(sql`${t.payoutStatus} = 'pending'`),
    check("bookings_status_check", sql`${t.status} in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')`),
    check(
      "bookings_no_show_check",
      sql`(${t.status} <> 'no_show' or (${t.noShowAt} is not null and ${t.noShowNote} is not null)) and (${t.noShowReversedAt} is null or ${t.noShowAt} is not null)`,
    ),
    check(
      "bookings_cancel_code_check",
      sql`(${t.status} = 'cancelled') = (${t.cancelCode} is not null) and (${t.cancelCode} is null or ${t.cancelCode} in ('hold_expired', 'coach_cancelled', 'student_cancelled', 'not_honoured', 'no_show_reversed'))`,
    ),
    check("bookings_pending_hold_check", sql`${t.status} <> 'pending' or ${t.holdExpiresAt} is not null`),
    check("bookings_duration_check", sql`${t.durationMinutes} in (30, 60)`),
    // The completion sweep finds the sessions that ended among those that started (issue 46).
    check("bookings_ends_after_starts_check", sql`${t.endsAt} > ${t.startsAt}`),
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
    bookingId: requiredRef("booking_id", () => bookings.id, { onDelete: "cascade" }),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
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

/** A coach's 1-5 rating of one skill of the athlete in one session's feedback (DESIGN.md 11). */
export const sessionSkillRatings = pgTable(
  "session_skill_ratings",
  {
    id: serial("id").primaryKey(),
    bookingId: requiredRef("booking_id", () => bookings.id, { onDelete: "cascade" }),
    athleteId: integer("athlete_id").references(() => athletes.id, { onDelete: "cascade" }),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
    skill: text("skill").notNull(),
    rating: integer("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("session_skill_ratings_booking_skill_key").on(t.bookingId, t.skill),
    index("session_skill_ratings_athlete_idx").on(t.athleteId),
    check("session_skill_ratings_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Every charge to give back, one row per payment intent (the refund module's work list and its
 * history). A pending row is retried by the refund sweep with backoff until the provider takes it
 * (sent) or the attempts run out (failed, for an admin to see).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    /** The booking whose charge goes back, or (`purchaseId`) the package purchase whose unused credits are refunded. */
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    /** A package purchase (foreign key in migration 0019). */
    purchaseId: integer("purchase_id"),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    providerRefundId: text("provider_refund_id"),
    attempts: integer("attempts").notNull().default(0),
    /** When the sweep may try it next; a claim moves it forward by the lease, so one process at a time calls the provider. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One refund per booking of a charge (a shared checkout gives each booking's share back on its own).
    uniqueIndex("refunds_payment_intent_booking_key").on(t.paymentIntentId, t.bookingId),
    // One refund of a package purchase's charge.
    uniqueIndex("refunds_purchase_payment_intent_key")
      .on(t.paymentIntentId)
      .where(sql`${t.purchaseId} is not null`),
    index("refunds_booking_idx").on(t.bookingId),
    index("refunds_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      "refunds_reason_check",
      sql`${t.reason} in ('coach_cancelled', 'student_cancelled', 'not_honoured', 'amount_mismatch', 'duplicate_payment', 'no_show_reversed', 'credits_refunded')`,
    ),
    check("refunds_subject_check", sql`(${t.bookingId} is null) <> (${t.purchaseId} is null)`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("refunds_amount_check", sql`${t.amountCents} >= 0`),
  ],
);
