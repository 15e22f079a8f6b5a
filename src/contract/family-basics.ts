import { fullName } from "./names";
import type { AthleteSummary } from "./families";

/**
 * How a session names its athlete and says how it was paid, without zod: My Bookings, the coach's dashboard and the family
 * pages show these on their first screen, and a page that only displays them does not load the
 * schema library (docs/PERFORMANCE.md, JavaScript per page). The schemas stay in `families.ts`.
 */

export const athleteName = fullName;

/** The name a session shows for its athlete, else the booking account's name (for rows made before families). */
export function sessionAthleteName(
  b: { athlete: AthleteSummary | null; student?: { firstName: string | null; lastName: string | null } },
  fallback: string,
): string {
  const fromAthlete = b.athlete ? athleteName(b.athlete) : "";
  if (fromAthlete) return fromAthlete;
  return fullName(b.student) || fallback;
}

/** "age 11 · Attack": what the coach sees beside the athlete's name. */
export function athleteFacts(a: AthleteSummary | null): string {
  if (!a) return "";
  return [a.age !== null ? `age ${a.age}` : null, a.position].filter(Boolean).join(" · ");
}

/** How a credit-paid session says it was paid, wherever a price would be (DESIGN.md 12). */
export const PAID_WITH_CREDIT = "Paid with a credit";

/** How a session was paid, for My Bookings' rows: null while nothing is paid (a hold, a cancelled hold). */
export function paymentLabel(booking: { paidWith: string | null; sharedCheckout: boolean; paymentStatus: string }): string | null {
  if (booking.paidWith === "credit") return PAID_WITH_CREDIT;
  if (booking.paymentStatus !== "completed" && booking.paymentStatus !== "refund_pending" && booking.paymentStatus !== "refunded")
    return null;
  return booking.sharedCheckout ? "Paid by card, in one checkout with other sessions" : "Paid by card";
}
