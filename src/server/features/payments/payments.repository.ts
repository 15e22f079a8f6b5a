import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coaches, paymentEvents } from "../../db/schema/index";

export async function isEventHandled(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, eventId)).limit(1);
  return rows.length > 0;
}

/** Marks a provider event as handled; a second delivery (or a concurrent one) finds it there. */
export async function recordEventHandled(db: Db, eventId: string, type: string, now: Date): Promise<void> {
  await db.insert(paymentEvents).values({ id: eventId, type, receivedAt: now }).onConflictDoNothing();
}

export type PaymentAccountState = {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
};

/** Keeps the coach's copy of their connected account's state; returns the coach id, if any coach has that account. */
export async function updateCoachPaymentAccount(db: Db, account: PaymentAccountState, now: Date): Promise<number | undefined> {
  const rows = await db
    .update(coaches)
    .set({
      paymentDetailsSubmitted: account.detailsSubmitted,
      paymentChargesEnabled: account.chargesEnabled,
      paymentPayoutsEnabled: account.payoutsEnabled,
      paymentRequirementsDue: account.requirementsDue,
      updatedAt: now,
    })
    .where(eq(coaches.paymentAccountId, account.id))
    .returning({ id: coaches.id });
  return rows[0]?.id;
}
