import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { bookings } from "./bookings";
import { coaches } from "./coaches";
import { athletes, families } from "./families";
import { requiredRef } from "./columns";

/** A coach's package of sessions (DESIGN.md 11); archived ones are no longer sold, credits bought stay valid. */
export const packages = pgTable(
  "packages",
  {
    id: serial("id").primaryKey(),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    sessionType: text("session_type", { enum: ["individual", "group"] }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    sessionCount: integer("session_count").notNull(),
    priceCents: integer("price_cents").notNull(),
    validDays: integer("valid_days").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("packages_coach_idx").on(t.coachId, t.id),
    check("packages_session_type_check", sql`${t.sessionType} in ('individual', 'group')`),
    check("packages_duration_check", sql`${t.durationMinutes} in (30, 60)`),
    check("packages_session_count_check", sql`${t.sessionCount} between 2 and 20`),
    check("packages_price_check", sql`${t.priceCents} > 0`),
    check("packages_valid_days_check", sql`${t.validDays} between 30 and 365`),
  ],
);

/**
 * A family's purchase of a package: the terms are a snapshot, paid through one payment intent like
 * a booking (pending until the payment succeeds; cancelled when it came too late or never).
 * Its credits are the sum of its ledger rows.
 */
export const packagePurchases = pgTable(
  "package_purchases",
  {
    id: serial("id").primaryKey(),
    packageId: requiredRef("package_id", () => packages.id, { onDelete: "restrict" }),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "restrict" }),
    familyId: requiredRef("family_id", () => families.id, { onDelete: "restrict" }),
    buyerId: requiredRef("buyer_id", () => users.id, { onDelete: "restrict" }),
    athleteId: integer("athlete_id").references(() => athletes.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    sessionType: text("session_type", { enum: ["individual", "group"] }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    sessionCount: integer("session_count").notNull(),
    priceCents: integer("price_cents").notNull(),
    platformFeeCents: integer("platform_fee_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    validDays: integer("valid_days").notNull(),
    status: text("status", { enum: ["pending", "paid", "cancelled"] })
      .notNull()
      .default("pending"),
    paymentIntentId: text("payment_intent_id"),
    /** A payment that succeeds after this buys nothing and is refunded (the checkout's hold, 15 minutes). */
    payBy: timestamp("pay_by", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    expiryNoticeSentAt: timestamp("expiry_notice_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("package_purchases_payment_intent_key").on(t.paymentIntentId),
    index("package_purchases_family_idx").on(t.familyId, t.id),
    index("package_purchases_coach_idx").on(t.coachId, t.id),
    index("package_purchases_expires_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'paid'`),
    // Checkouts waiting for their payment, which the sweep closes when their time runs out (issue 46).
    index("package_purchases_pending_idx")
      .on(t.payBy)
      .where(sql`${t.status} = 'pending'`),
    check("package_purchases_status_check", sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    check(
      "package_purchases_money_check",
      sql`${t.priceCents} > 0 and ${t.platformFeeCents} >= 0 and ${t.totalCents} = ${t.priceCents} + ${t.platformFeeCents}`,
    ),
  ],
);

export const CREDIT_LEDGER_KINDS = ["purchase", "redeem", "release", "expiry", "refund"] as const;

/**
 * The credits' append-only ledger (DESIGN.md 11): every change names its booking (redeem, release)
 * or payment (purchase, refund); a trigger (migration 0019) refuses updates, deletes and any row
 * that would take a balance below zero or above what was bought.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: serial("id").primaryKey(),
    purchaseId: requiredRef("purchase_id", () => packagePurchases.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: CREDIT_LEDGER_KINDS }).notNull(),
    credits: integer("credits").notNull(),
    /** The coach's price this row moves (a redeem: the session's share, what the coach earns for it). */
    valueCents: integer("value_cents").notNull(),
    /** The platform fee this row moves. */
    feeCents: integer("fee_cents").notNull(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    paymentIntentId: text("payment_intent_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_ledger_purchase_key")
      .on(t.purchaseId)
      .where(sql`${t.kind} = 'purchase'`),
    uniqueIndex("credit_ledger_redeem_key")
      .on(t.bookingId)
      .where(sql`${t.kind} = 'redeem'`),
    uniqueIndex("credit_ledger_release_key")
      .on(t.bookingId)
      .where(sql`${t.kind} = 'release'`),
    uniqueIndex("credit_ledger_refund_key")
      .on(t.purchaseId)
      .where(sql`${t.kind} = 'refund'`),
    index("credit_ledger_purchase_idx").on(t.purchaseId, t.id),
  ],
);
