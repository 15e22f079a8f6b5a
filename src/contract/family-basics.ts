import { fullName } from "./names";
import type { AthleteSummary } from "./families";

/**
 * How a session names its athlete, without zod: My Bookings, the coach's dashboard and the family
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
