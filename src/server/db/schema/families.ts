import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * A player account is a family (DESIGN.md 11): its guardians (the account holder first, a second
 * guardian who accepted an invitation) and its 1 to 10 athletes. Bookings, requests and waitlist
 * entries name the athlete; money, reviews and messages belong to the family.
 */
export const families = pgTable("families", {
  id: serial("id").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user is a guardian of at most one family (family_guardians_user_id_key). */
export const familyGuardians = pgTable(
  "family_guardians",
  {
    familyId: integer("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.userId] }), uniqueIndex("family_guardians_user_id_key").on(t.userId)],
);

export const athletes = pgTable(
  "athletes",
  {
    id: serial("id").primaryKey(),
    familyId: integer("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
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
  },
  (t) => [index("athletes_family_id_idx").on(t.familyId, t.id)],
);
