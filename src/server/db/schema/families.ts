import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { requiredRef } from "./columns";

/**
 * A player account is a family (DESIGN.md 11): its guardians (the account holder first, a second
 * guardian who accepted an invitation) and its 1 to 10 athletes. Bookings, requests and waitlist
 * entries name the athlete; money, reviews and messages belong to the family.
 */
export const families = pgTable("families", {
  id: serial("id").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** The guardian who invites, removes and hands over (DESIGN.md 12); the first guardian by trigger (migration 0025). */
  ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
});

/** A user is a guardian of at most one family (family_guardians_user_id_key). */
export const familyGuardians = pgTable(
  "family_guardians",
  {
    familyId: requiredRef("family_id", () => families.id, { onDelete: "cascade" }),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.userId] }), uniqueIndex("family_guardians_user_id_key").on(t.userId)],
);

export const athletes = pgTable(
  "athletes",
  {
    id: serial("id").primaryKey(),
    familyId: requiredRef("family_id", () => families.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    birthday: date("birthday", { mode: "string" }),
    position: text("position"),
    secondaryPosition: text("secondary_position"),
    skillLevel: text("skill_level"),
    goals: text("goals")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    school: text("school"),
    photoUrl: text("photo_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the family removed an athlete who has sessions on record (they stay for the history). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [index("athletes_family_id_idx").on(t.familyId, t.id)],
);

/**
 * An invitation to join a family as a guardian (DESIGN.md 11). The token is stored hashed; an
 * invitation made by the migration for an existing minor's parent has none until the sweep mails it.
 */
export const familyInvitations = pgTable(
  "family_invitations",
  {
    id: serial("id").primaryKey(),
    familyId: requiredRef("family_id", () => families.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("family_invitations_token_hash_key").on(t.tokenHash),
    index("family_invitations_family_idx").on(t.familyId),
    index("family_invitations_email_created_idx").on(t.email, t.createdAt),
  ],
);

/** A link mailed to a parent contact (DESIGN.md 12): following it confirms the address for message text. */
export const parentContactConfirmations = pgTable(
  "parent_contact_confirmations",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("parent_contact_confirmations_token_hash_key").on(t.tokenHash),
    index("parent_contact_confirmations_user_idx").on(t.userId, t.email),
  ],
);
