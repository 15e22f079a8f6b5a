import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS } from "../../../contract/notification-basics";
import { users } from "./accounts";
import { requiredRef } from "./columns";

/**
 * A browser's push subscription (DESIGN 12, In the pocket). An endpoint belongs to one user: a
 * browser that signs in as someone else and subscribes again moves it. Removed when the push
 * service answers 404 or 410, on unsubscribe, and with the user.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/** A user's choice per kind of notice; no row means every channel on (DESIGN 12: today's behaviour plus push). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: requiredRef("user_id", () => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean("email").notNull().default(true),
    sms: boolean("sms").notNull().default(true),
    push: boolean("push").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind], name: "notification_preferences_pkey" }),
    check("notification_preferences_kind_check", sql`${t.kind} in ('message', 'booking', 'request', 'reminder')`),
  ],
);
