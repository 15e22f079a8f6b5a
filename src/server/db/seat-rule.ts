import { sql, type SQL } from "drizzle-orm";
import { bookings } from "./schema/index";
import { instant } from "./sql";

/**
 * Which bookings hold a seat (DESIGN.md 4): confirmed and completed ones, and pending ones whose
 * hold has not run out at `at`. The rule itself is the database function `booking_holds_seat`
 * (migration 0004), so SQL written anywhere (bookings, slots, search, sweeps) asks the same
 * question; these helpers only spell the call.
 */
export function holdsSeat(at: Date): SQL<boolean> {
  return sql<boolean>`booking_holds_seat(${bookings.status}, ${bookings.holdExpiresAt}, ${instant(at)})`;
}

/** The same rule for a `bookings` row under a table alias in raw SQL (e.g. `b`); `at` may be SQL (a placeholder). */
export function aliasHoldsSeat(alias: string, at: Date | SQL): SQL<boolean> {
  const a = sql.raw(alias);
  return sql<boolean>`booking_holds_seat(${a}.status, ${a}.hold_expires_at, ${at instanceof Date ? instant(at) : at})`;
}

/**
 * The number of seats of the slot whose id is `slotId` (SQL) held at `at`; with `confirming`, that
 * booking counted as holding one (it is confirmed by the statement this count is part of, whose
 * snapshot does not show it).
 */
export function seatsHeld(slotId: SQL, at: Date | SQL, confirming?: number): SQL<number> {
  const holds = confirming === undefined ? aliasHoldsSeat("seat", at) : sql`(${aliasHoldsSeat("seat", at)} or seat.id = ${confirming})`;
  return sql<number>`(select count(*)::int from bookings seat where seat.time_slot_id = ${slotId} and ${holds})`;
}

/**
 * A pending booking whose hold has run out at `at` (what the expiry sweeps cancel): the complement
 * of the rule for pending bookings, written so that `bookings_pending_hold_idx` serves it.
 */
export function aliasHoldExpired(alias: string, at: Date): SQL<boolean> {
  const a = sql.raw(alias);
  return sql<boolean>`(${a}.status = 'pending' and ${a}.hold_expires_at <= ${instant(at)})`;
}
