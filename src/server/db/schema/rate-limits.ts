import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Rate-limit counters live in PostgreSQL so every server process counts the same hits (DESIGN.md 2 and 7). */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
