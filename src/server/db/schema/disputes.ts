import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";

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
