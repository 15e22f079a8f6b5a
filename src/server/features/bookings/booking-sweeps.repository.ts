// The sweeps' batches (booking-sweeps.service.ts): holds that ran out, and sessions whose end passed.
import { and, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { aliasHoldExpired } from "../../db/seat-rule";
import { bookings } from "../../db/schema/index";
import { instant, rowsOf } from "../../db/sql";
import { present } from "../../present";
import type { ExpiredHold } from "./seat-holds.repository";

/** How long after a hold expired the settle sweep still asks the provider whether it was paid. */
export const RECENTLY_EXPIRED_MS = 15 * 60_000;

/** Pending bookings whose hold ran out that have a payment intent: the sweep asks the provider first. */
export async function listExpiredHoldsWithIntent(db: Db, now: Date, limit: number): Promise<{ id: number; paymentIntentId: string }[]> {
  const rows = await db
    .select({ id: bookings.id, paymentIntentId: bookings.paymentIntentId })
    .from(bookings)
    .where(
      and(
        sql`${bookings.paymentIntentId} is not null`,
        or(
          aliasHoldExpired("bookings", now),
          // Expired recently (by the sweep or by another booking) without its money settled: a
          // process may have died between the charge and its settlement. Bounded in time, so each
          // hold is asked about a few dozen times at most; later, Stripe's webhook still arrives.
          sql`(${bookings.status} = 'cancelled' and ${bookings.cancelCode} = 'hold_expired'
               and ${bookings.paymentStatus} in ('unpaid', 'processing', 'failed')
               and ${bookings.cancelledAt} > ${instant(new Date(now.getTime() - RECENTLY_EXPIRED_MS))})`,
        ),
      ),
    )
    .orderBy(sql`coalesce(${bookings.holdExpiresAt}, ${bookings.cancelledAt})`, bookings.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, paymentIntentId: present(r.paymentIntentId, "a payment intent (the query asks for one)") }));
}

/**
 * One pass of hold expiry: locks (skipping those another process holds) the slots that have
 * expired holds, cancels those holds and reopens the slots. Slot first, then bookings: the same
 * lock order as booking and confirming, so the sweep can never deadlock with them.
 */
export async function expireHoldsBatch(tx: Tx, now: Date, limit: number): Promise<ExpiredHold[]> {
  const result = await tx.execute(sql`
    with locked_slots as (
      select s.id from time_slots s
      where exists (
        select 1 from bookings eb
        where eb.time_slot_id = s.id and ${aliasHoldExpired("eb", now)}
      )
      limit ${limit}
      for update of s skip locked
    )
    update bookings b
    set status = 'cancelled', cancelled_at = ${instant(now)}, cancel_code = 'hold_expired', hold_expires_at = null, updated_at = ${instant(now)}
    from locked_slots ls
    where b.time_slot_id = ls.id and ${aliasHoldExpired("b", now)}
    returning b.id, b.coach_id, b.student_id, b.time_slot_id, b.payment_intent_id
  `);
  const rows = rowsOf<{ id: number; coach_id: number; student_id: number; time_slot_id: number; payment_intent_id: string | null }>(result);
  return rows.map((r) => ({
    id: Number(r.id),
    coachId: Number(r.coach_id),
    studentId: Number(r.student_id),
    timeSlotId: Number(r.time_slot_id),
    paymentIntentId: r.payment_intent_id,
  }));
}

export type CompletedSession = { id: number; coachId: number; studentId: number; timeSlotId: number };

/**
 * DESIGN.md 8: a confirmed booking becomes completed when its slot's end time passes. A session
 * that has ended has started (bookings_ends_after_starts_check), so the confirmed sessions are read
 * from those that have started (bookings_confirmed_starts_idx), not the whole calendar (issue 46).
 */
export async function completeSessionsBatch(tx: Tx, now: Date, limit: number): Promise<CompletedSession[]> {
  const result = await tx.execute(sql`
    with due as (
      select b.id from bookings b
      join time_slots s on s.id = b.time_slot_id
      where b.status = 'confirmed' and b.starts_at <= ${instant(now)}
        and s.cancelled_at is null and greatest(s.ends_at, b.ends_at) <= ${instant(now)}
      -- In the index's order: the planner, counting the bookings that started over all statuses,
      -- would otherwise expect most confirmed ones to have started and merge-join the calendar.
      order by b.starts_at
      limit ${limit}
      for update of b skip locked
    )
    update bookings b
    set status = 'completed', completed_at = ${instant(now)}, updated_at = ${instant(now)}
    from due
    where b.id = due.id and b.status = 'confirmed'
    returning b.id, b.coach_id, b.student_id, b.time_slot_id
  `);
  return rowsOf<{ id: number; coach_id: number; student_id: number; time_slot_id: number }>(result).map((r) => ({
    id: Number(r.id),
    coachId: Number(r.coach_id),
    studentId: Number(r.student_id),
    timeSlotId: Number(r.time_slot_id),
  }));
}
