import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CREDENTIAL_DOCUMENT_TYPES, CREDENTIAL_KINDS, CREDENTIAL_STATUSES } from "../../../contract/credentials";
import { users } from "./accounts";
import { coaches } from "./coaches";
import { requiredRef } from "./columns";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // pg answers a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A coach's credentials (DESIGN 12, Verified coaches). `expires_on` is the day the credential stops
 * counting (SafeSport: a year after completion; a background check: two years after it came back
 * clear), set when it is known; the sweep marks it expired on that day.
 */
export const coachCredentials = pgTable(
  "coach_credentials",
  {
    id: serial("id").primaryKey(),
    coachId: requiredRef("coach_id", () => coaches.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CREDENTIAL_KINDS }).notNull(),
    status: text("status", { enum: CREDENTIAL_STATUSES }).notNull().default("pending"),
    completedOn: date("completed_on", { mode: "string" }),
    expiresOn: date("expires_on", { mode: "string" }),
    memberNumber: text("member_number"),
    level: integer("level"),
    rejectionReason: text("rejection_reason"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** The admin who decided (null for a background check the provider cleared). */
    decidedBy: integer("decided_by").references(() => users.id),
    /** The screening provider's id of a background check, and its answer once given. */
    screeningId: text("screening_id"),
    screeningResult: text("screening_result", { enum: ["clear", "consider"] }),
    /** The last expiry notice mailed (30, 7 or 0 days before): each is sent once. */
    lastExpiryNoticeDays: integer("last_expiry_notice_days"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("coach_credentials_coach_idx").on(t.coachId),
    index("coach_credentials_status_idx").on(t.status, t.id),
    uniqueIndex("coach_credentials_screening_id_key").on(t.screeningId),
    check("coach_credentials_kind_check", sql.raw(`kind in (${CREDENTIAL_KINDS.map((k) => `'${k}'`).join(", ")})`)),
    check("coach_credentials_status_check", sql.raw(`status in (${CREDENTIAL_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
    check("coach_credentials_level_check", sql`${t.level} is null or ${t.level} between 1 and 3`),
    check("coach_credentials_rejection_check", sql`${t.status} <> 'rejected' or ${t.rejectionReason} is not null`),
  ],
);

/** A credential's document, kept in the database: never a file under a public path. */
export const credentialDocuments = pgTable(
  "credential_documents",
  {
    credentialId: integer("credential_id")
      .primaryKey()
      .references(() => coachCredentials.id, { onDelete: "cascade" }),
    contentType: text("content_type", { enum: CREDENTIAL_DOCUMENT_TYPES }).notNull(),
    bytes: bytea("bytes").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("credential_documents_size_check", sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 5242880`)],
);
