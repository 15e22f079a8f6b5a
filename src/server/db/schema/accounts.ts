import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { requiredRef } from "./columns";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** The owner followed a verification link sent to `email` (or Google said `email_verified`); ADMIN_EMAILS needs it. */
    emailVerified: boolean("email_verified").notNull().default(false),
    /** An address the user asked to change to; it replaces `email` only once its link is followed. */
    pendingEmail: text("pending_email"),
    passwordHash: text("password_hash"),
    googleSubject: text("google_subject"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    userType: text("user_type", { enum: ["player", "coach", "admin"] })
      .notNull()
      .default("player"),
    /** Moderation (DESIGN 12): set while an admin has suspended the user from sending messages. */
    messagingSuspendedAt: timestamp("messaging_suspended_at", { withTimezone: true }),
    /** Moderation (DESIGN 12): set while the account is suspended (no sign-in, no session). */
    accountSuspendedAt: timestamp("account_suspended_at", { withTimezone: true }),
    phoneNumber: text("phone_number"),
    smsOptIn: boolean("sms_opt_in").notNull().default(false),
    playerEmail: text("player_email"),
    birthday: date("birthday", { mode: "string" }),
    profileImageUrl: text("profile_image_url"),
    parentFirstName: text("parent_first_name"),
    parentLastName: text("parent_last_name"),
    parentPhoneNumber: text("parent_phone_number"),
    parentEmail: text("parent_email"),
    parentSmsOptIn: boolean("parent_sms_opt_in").notNull().default(false),
    preferredLocation: text("preferred_location"),
    maxTravelDistance: integer("max_travel_distance"),
    position: text("position"),
    secondaryPosition: text("secondary_position"),
    ageGroup: text("age_group"),
    skillLevel: text("skill_level"),
    goals: text("goals")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredCoachingStyle: text("preferred_coaching_style"),
    sessionPreferences: text("session_preferences")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail is unique whatever its case (issue 3: "unique e-mail, case-insensitive").
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_subject_key").on(t.googleSubject),
    check("users_user_type_check", sql`${t.userType} in ('player', 'coach', 'admin')`),
    check("users_preferred_location_check", sql`${t.preferredLocation} is null or ${t.preferredLocation} ~ '^[0-9]{5}$'`),
    check("users_max_travel_distance_check", sql`${t.maxTravelDistance} is null or ${t.maxTravelDistance} between 1 and 500`),
  ],
);

/** Login sessions live in the database so any number of server processes share them (DESIGN.md 3). */
export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the opaque token in the cookie; the token itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    /** The absolute end of the session, fixed at sign-in. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Moved forward as the session is used; a session unused for SESSION_IDLE_MS has ended (idle timeout). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
    index("sessions_last_seen_at_idx").on(t.lastSeenAt),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_reset_tokens_token_hash_key").on(t.tokenHash), index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** E-mail verification links (DESIGN.md 10): random, stored hashed, single use, 48 h; `email` is the address the link proves. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_verification_tokens_token_hash_key").on(t.tokenHash),
    index("email_verification_tokens_user_id_idx").on(t.userId),
  ],
);
