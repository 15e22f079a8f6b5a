import { sql } from "drizzle-orm";
import { bookings, latePaymentChecks, refunds } from "../../db/schema/index";
import { instant, rowsOf, type Queryable } from "../../db/sql";

/** How far back cancelled bookings are still asked about: longer than any payment stays open at the provider. */
export const LATE_PAYMENT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export type LatePaymentCandidate = { bookingId: number; paymentIntentId: string; checks: number };

/**
 * Cancelled bookings (expired holds, cancelled sessions) with a payment intent whose money is not
 * recorded and not being refunded, cancelled within the window, that are due to be asked about.
 */
export async function listDueLatePaymentChecks(
  db: Queryable,
  now: Date,
  options: { limit: number; recentlyExpiredMs: number },
): Promise<LatePaymentCandidate[]> {
  const since = new Date(now.getTime() - LATE_PAYMENT_WINDOW_MS);
  const recently = new Date(now.getTime() - options.recentlyExpiredMs);
  const result = await db.execute(sql`
    select b.id as "bookingId", b.payment_intent_id as "paymentIntentId", coalesce(c.checks, 0)::int as "checks"
    from ${bookings} b
    left join ${latePaymentChecks} c on c.payment_intent_id = b.payment_intent_id
    where b.status = 'cancelled'
      and b.payment_intent_id is not null
      and b.payment_status not in ('completed', 'refund_pending', 'refunded')
      and b.cancelled_at > ${instant(since)}
      and not (b.cancel_code = 'hold_expired' and b.cancelled_at > ${instant(recently)})
      and (c.payment_intent_id is null or (c.done_at is null and c.next_check_at <= ${instant(now)}))
      and not exists (select 1 from ${refunds} r where r.payment_intent_id = b.payment_intent_id)
    order by b.cancelled_at, b.id
    limit ${options.limit}`);
  return rowsOf<LatePaymentCandidate>(result);
}

/** Records one answer: `done` when there is nothing more to ask, else asked again at `nextCheckAt`. */
export async function recordLatePaymentCheck(
  db: Queryable,
  values: { paymentIntentId: string; bookingId: number; done: boolean; nextCheckAt: Date; now: Date },
): Promise<void> {
  await db
    .insert(latePaymentChecks)
    .values({
      paymentIntentId: values.paymentIntentId,
      bookingId: values.bookingId,
      checks: 1,
      nextCheckAt: values.nextCheckAt,
      doneAt: values.done ? values.now : null,
    })
    .onConflictDoUpdate({
      target: latePaymentChecks.paymentIntentId,
      set: {
        checks: sql`${latePaymentChecks.checks} + 1`,
        nextCheckAt: values.nextCheckAt,
        doneAt: values.done ? values.now : null,
      },
    });
}
