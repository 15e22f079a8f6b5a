import { and, eq, inArray, sql } from "drizzle-orm";
import type { NotificationKind } from "@contract/notification-basics";
import type { Db } from "../../db/client";
import { notificationPreferences, pushSubscriptions, users } from "../../db/schema/index";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PreferenceRow = { kind: NotificationKind; email: boolean; sms: boolean; push: boolean };

/**
 * Saves a browser's subscription for `userId`; the same endpoint subscribed again by its user gets
 * the new keys. Answers false, changing nothing, when the endpoint is another user's.
 */
export async function savePushSubscription(
  db: Db,
  values: { userId: number; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(pushSubscriptions)
    .values({ userId: values.userId, endpoint: values.endpoint, p256dh: values.p256dh, auth: values.auth, createdAt: values.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: values.p256dh, auth: values.auth },
      setWhere: eq(pushSubscriptions.userId, values.userId),
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes the user's own subscription of that endpoint; answers whether there was one. */
export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said 404 or 410: nobody receives at that endpoint any more. */
export async function forgetPushEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function preferenceRows(db: Db, userId: number): Promise<PreferenceRow[]> {
  return db
    .select({
      kind: notificationPreferences.kind,
      email: notificationPreferences.email,
      sms: notificationPreferences.sms,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreferenceRows(db: Db, userId: number, rows: PreferenceRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((r) => ({ userId, ...r, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        email: sql`excluded.email`,
        sms: sql`excluded.sms`,
        push: sql`excluded.push`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The account an address belongs to and its switches for `kind` (every channel on without a row); null for an address of no account. */
export async function recipientOfAddress(
  db: Db,
  email: string,
  kind: NotificationKind,
): Promise<{ userId: number; email: boolean; push: boolean } | null> {
  const rows = await db
    .select({
      userId: users.id,
      email: sql<boolean>`coalesce(${notificationPreferences.email}, true)`,
      push: sql<boolean>`coalesce(${notificationPreferences.push}, true)`,
    })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0] ?? null;
}

/** False when an account with that phone number turned texts off for `kind`. */
export async function smsAllowed(db: Db, phone: string, kind: NotificationKind): Promise<boolean> {
  const rows = await db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)))
    .where(and(eq(users.phoneNumber, phone), eq(notificationPreferences.sms, false)))
    .limit(1);
  return rows.length === 0;
}

/** The subscriptions of those users who have push on for `kind`. */
export async function pushTargets(db: Db, userIds: number[], kind: NotificationKind): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ subscription: pushSubscriptions, push: notificationPreferences.push })
    .from(pushSubscriptions)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, pushSubscriptions.userId), eq(notificationPreferences.kind, kind)),
    )
    .where(inArray(pushSubscriptions.userId, userIds));
  return rows.filter((r) => r.push !== false).map((r) => r.subscription);
}
