/**
 * What a coach profile shows of the reviews' figures, without zod (docs/PERFORMANCE.md, JavaScript
 * per page). `reviews.ts` re-exports it beside its schemas.
 */

export const NO_REVIEWS_TEXT = "No reviews yet";

/** "Usually answers within 2 hours" style text for a median response time. */
export function responseTimeText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 60) return "Under 1 hour";
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `Under ${hours} hours`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? "Under 1 day" : `Under ${days} days`;
}
