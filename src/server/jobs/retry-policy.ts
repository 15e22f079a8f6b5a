/**
 * How money calls that failed are tried again (refunds, payouts): with a delay that doubles from
 * one minute up to six hours, and at most MAX_ATTEMPTS times; after that the item stops and waits
 * for an admin (GET /api/admin/money-issues lists it).
 */
export const MAX_MONEY_ATTEMPTS = 8;
const FIRST_DELAY_MS = 60_000;
const LONGEST_DELAY_MS = 6 * 3_600_000;

/** When attempt number `attempts` (1 = the first failure) may be followed by the next. */
export function nextAttemptAt(now: Date, attempts: number): Date {
  const delay = Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_DELAY_MS);
  return new Date(now.getTime() + delay);
}

/** A transfer sent this long ago without an answer recorded is looked up at the provider before anything is sent again. */
export const IN_FLIGHT_GRACE_MS = 5 * 60_000;
