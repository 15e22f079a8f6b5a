import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { packagePurchases } from "./packages";

/**
 * Chargebacks reported by the provider (`charge.dispute.created`), tied to the booking whose
 * charge is disputed, for the admin to answer. Never deleted: they carry money.
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: text("id").primaryKey(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    paymentIntentId: text("payment_intent_id"),
    chargeId: text("charge_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_disputes_booking_idx").on(t.bookingId)],
);

/**
 * Refunds of a charge that the app did not make (given in the provider's dashboard), recorded from
 * the provider's `charge.refunded` events (issue 28) against the booking or package purchase the
 * charge paid, once per provider refund, for the admin's money issues and the reconciliation.
 */
export const outsideRefunds = pgTable(
  "outside_refunds",
  {
    /** The provider's refund id (re_...). */
    id: text("id").primaryKey(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    purchaseId: integer("purchase_id").references(() => packagePurchases.id, { onDelete: "restrict" }),
    paymentIntentId: text("payment_intent_id").notNull(),
    chargeId: text("charge_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** As the provider reports it: succeeded, pending, failed, canceled. */
    status: text("status").notNull(),
    /** When the provider made the refund. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outside_refunds_booking_idx").on(t.bookingId),
    index("outside_refunds_payment_intent_idx").on(t.paymentIntentId),
    check("outside_refunds_amount_check", sql`${t.amountCents} >= 0`),
  ],
);
