import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { requiredRef } from "./columns";

export const coaches = pgTable(
  "coaches",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    bio: text("bio").notNull().default(""),
    experience: text("experience"),
    zipcode: text("zipcode").notNull(),
    location: text("location"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** IANA zone from the coach's ZIP, else APP_TIMEZONE; every slot of the coach is shown in it. */
    timeZone: text("time_zone").notNull(),
    /** Positions and specialties the coach teaches (Attack, Defense, Faceoff, Goalie, Midfield, ...). */
    specializations: text("specializations")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    profileImageUrl: text("profile_image_url"),
    allowSessionRequests: boolean("allow_session_requests").notNull().default(true),
    /** Payout (connected) account at the payment provider, and its last known state. */
    paymentAccountId: text("payment_account_id"),
    paymentDetailsSubmitted: boolean("payment_details_submitted").notNull().default(false),
    paymentChargesEnabled: boolean("payment_charges_enabled").notNull().default(false),
    paymentPayoutsEnabled: boolean("payment_payouts_enabled").notNull().default(false),
    paymentRequirementsDue: text("payment_requirements_due")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the provider's state above was true (its event's time); an older event never overwrites it. */
    paymentAccountAsOf: timestamp("payment_account_as_of", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A coach has at most one profile.
    uniqueIndex("coaches_user_id_key").on(t.userId),
    uniqueIndex("coaches_payment_account_id_key").on(t.paymentAccountId),
    index("coaches_lat_lng_idx").on(t.latitude, t.longitude),
    check("coaches_zipcode_check", sql`${t.zipcode} ~ '^[0-9]{5}$'`),
  ],
);

export const rates = pgTable(
  "rates",
  {
    id: serial("id").primaryKey(),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
    sessionType: text("session_type", { enum: ["individual", "group"] }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    rateCents: integer("rate_cents").notNull(),
  },
  (t) => [
    uniqueIndex("rates_coach_type_duration_key").on(t.coachId, t.sessionType, t.durationMinutes),
    check("rates_session_type_check", sql`${t.sessionType} in ('individual', 'group')`),
    check("rates_duration_check", sql`${t.durationMinutes} in (30, 60)`),
    check("rates_rate_cents_check", sql`${t.rateCents} > 0 and ${t.rateCents} <= 10000000`),
  ],
);
