import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { requiredRef } from "./columns";

/** Provider events already handled, so that a webhook delivered twice changes nothing the second time. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The simulated payment provider keeps Stripe's objects here (DESIGN.md 4): payment intents,
 * connected accounts, refunds and transfers, each with the idempotency key it was made with.
 */
export const simulatedPaymentObjects = pgTable(
  "simulated_payment_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["payment_intent", "account", "refund", "transfer"] }).notNull(),
    idempotencyKey: text("idempotency_key"),
    status: text("status").notNull(),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    data: jsonb("data")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("simulated_payment_objects_kind_idx").on(t.kind),
    // One object per key and kind, as Stripe's idempotency makes it: a create is one insert that
    // does nothing when the key is taken (adapters/payments/simulated.ts).
    uniqueIndex("simulated_payment_objects_idempotency_key").on(t.kind, t.idempotencyKey),
    check("simulated_payment_objects_amount_check", sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
  ],
);

/**
 * The late-payment sweep's memory: a cancelled booking's payment intent is asked about (with a
 * growing pause while it is still open) until the provider reports it cancelled or paid; a late
 * payment is refunded then. `doneAt` set: nothing more to ask.
 */
export const latePaymentChecks = pgTable("late_payment_checks", {
  paymentIntentId: text("payment_intent_id").primaryKey(),
  bookingId: requiredRef("booking_id", () => bookings.id, { onDelete: "cascade" }),
  checks: integer("checks").notNull().default(0),
  nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull(),
  doneAt: timestamp("done_at", { withTimezone: true }),
});
