/**
 * The coach facts a first screen shows (find coaches, a coach profile), without zod: a page that
 * only displays them does not load the schema library (docs/PERFORMANCE.md, JavaScript per page).
 * `coaches.ts` imports what its schemas need from it; client and server import these from here.
 */

/** coach-side 5: the positions a coach teaches and a player plays. */
export const POSITIONS = ["Attack", "Defense", "Faceoff", "Goalie", "Midfield"] as const;
export type Position = (typeof POSITIONS)[number];

export const SESSION_TYPES = ["individual", "group"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
export const SESSION_DURATIONS = [30, 60] as const;
export type SessionDuration = (typeof SESSION_DURATIONS)[number];

export type RateResponse = { id: number; sessionType: SessionType; duration: SessionDuration; rate: string };

/** "$85 / 60 min individual" (whole dollars unless there are cents). */
export function describeRate(rate: { sessionType: SessionType; duration: number; rate: string }): string {
  const amount = rate.rate.endsWith(".00") ? rate.rate.slice(0, -3) : rate.rate;
  return `$${amount} / ${rate.duration} min ${rate.sessionType}`;
}
