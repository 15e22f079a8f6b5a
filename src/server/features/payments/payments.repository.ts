import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentEvents } from "../../db/schema/index";

export async function isEventHandled(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, eventId)).limit(1);
  return rows.length > 0;
}

/** Marks a provider event as handled; a second delivery (or a concurrent one) finds it there. */
export async function recordEventHandled(db: Db, eventId: string, type: string, now: Date): Promise<void> {
  await db.insert(paymentEvents).values({ id: eventId, type, receivedAt: now }).onConflictDoNothing();
}
