import type { AppDeps } from "../../deps";
import { calendarEvents, publishEvents } from "../../realtime/events";
import * as holdsRepo from "./seat-holds.repository";
import * as sweepsRepo from "./booking-sweeps.repository";
import { settlePaidBooking } from "./settle-payment.service";

/** How long after a hold expired its payment may still take up its seat (the settle sweep asks until then). */
export const RECENTLY_EXPIRED_MS = sweepsRepo.RECENTLY_EXPIRED_MS;

/** Pending bookings whose hold ran out that carry a payment intent (the sweep asks the provider about them first). */
export async function listExpiredHoldsWithIntent(deps: AppDeps, limit: number) {
  return sweepsRepo.listExpiredHoldsWithIntent(deps.database.db, deps.clock.now(), limit);
}

/** Sweep: cancels pending bookings whose hold ran out and reopens their seats (DESIGN.md 7). */
export async function expireHolds(deps: AppDeps, options: { batchSize?: number } = {}): Promise<holdsRepo.ExpiredHold[]> {
  const batchSize = options.batchSize ?? 200;
  const all: holdsRepo.ExpiredHold[] = [];
  for (let round = 0; round < 50; round++) {
    const now = deps.clock.now();
    const expired = await deps.database.db.transaction(async (tx) => {
      const rows = await sweepsRepo.expireHoldsBatch(tx, now, batchSize);
      for (const slotId of new Set(rows.map((r) => r.timeSlotId))) await holdsRepo.refreshSlotAvailability(tx, slotId, now);
      return rows;
    });
    all.push(...expired);
    if (expired.length === 0) break;
  }
  await releaseExpiredHolds(deps, all);
  return all;
}

/** Sweep: confirmed sessions whose slot has ended become completed (DESIGN.md 8). */
export async function completeSessions(deps: AppDeps, options: { batchSize?: number } = {}): Promise<sweepsRepo.CompletedSession[]> {
  const batchSize = options.batchSize ?? 500;
  const all: sweepsRepo.CompletedSession[] = [];
  for (let round = 0; round < 50; round++) {
    const now = deps.clock.now();
    const done = await deps.database.db.transaction((tx) => sweepsRepo.completeSessionsBatch(tx, now, batchSize));
    all.push(...done);
    if (done.length < batchSize) break;
  }
  await publishEvents(
    deps,
    all.map((b) => calendarEvents.bookingUpdated({ ...b, status: "completed" })),
  );
  return all;
}

/**
 * Cancels the provider intents of expired holds (so they can no longer be paid) and tells the
 * calendars. A payment that went through before the cancel (its process died before settling it,
 * or its client never came back) is settled here: confirmed while the seat is still free, else
 * refunded in full. Whoever expired the hold (the sweep or another student's booking), the money
 * never stays with a cancelled booking.
 */
export async function releaseExpiredHolds(deps: AppDeps, expired: holdsRepo.ExpiredHold[]): Promise<void> {
  if (expired.length === 0) return;
  await cancelExpiredIntents(deps, expired);
  await publishEvents(deps, [
    ...expired.map((h) => calendarEvents.bookingUpdated({ ...h, status: "cancelled" })),
    ...[...new Set(expired.map((h) => h.coachId))].map((coachId) => calendarEvents.availabilityUpdated(coachId)),
  ]);
}

/**
 * The provider's side of releaseExpiredHolds, for a booking whose transaction already told the
 * calendars of the holds it expired (booking-plan's publishSeat): each intent cancelled, or settled
 * when it was paid meanwhile.
 */
export async function cancelExpiredIntents(deps: AppDeps, expired: readonly holdsRepo.ExpiredHold[]): Promise<void> {
  for (const hold of expired) {
    if (!hold.paymentIntentId) continue;
    try {
      await deps.payments.cancelPaymentIntent(hold.paymentIntentId);
    } catch (err) {
      deps.logger.warn({ err, bookingId: hold.id }, "could not cancel the payment intent of an expired hold");
    }
    await settleIfPaid(deps, hold.id, hold.paymentIntentId);
  }
}

/** Settles the booking when its intent succeeded at the provider; a provider fault leaves it to the settle sweep. */
export async function settleIfPaid(deps: AppDeps, bookingId: number, paymentIntentId: string): Promise<void> {
  try {
    const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
    if (intent.status === "succeeded") await settlePaidBooking(deps, bookingId, intent);
  } catch (err) {
    deps.logger.warn({ err, bookingId }, "could not check the payment of an expired hold");
  }
}
