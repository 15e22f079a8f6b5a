import { date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { requiredRef } from "./columns";
import { athletes, families } from "./families";

/**
 * A guardian's consent to keeping the data of an athlete under 13 (DESIGN.md 12, migration 0026):
 * who, when, the Privacy Policy version the page showed (as given), the request's address and the
 * birthday it was given for. Kept when the athlete is erased (athlete_id set null).
 */
export const athleteConsents = pgTable(
  "athlete_consents",
  {
    id: serial("id").primaryKey(),
    athleteId: integer("athlete_id").references(() => athletes.id, { onDelete: "set null" }),
    familyId: requiredRef("family_id", () => families.id, { onDelete: "cascade" }),
    guardianUserId: integer("guardian_user_id").references(() => users.id, { onDelete: "set null" }),
    policyVersion: text("policy_version").notNull(),
    ipAddress: text("ip_address"),
    birthday: date("birthday", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("athlete_consents_athlete_idx").on(t.athleteId)],
);
