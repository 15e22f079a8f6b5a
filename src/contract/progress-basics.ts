/**
 * The no-show's policy and window, without zod: checkout and the Terms show the policy, My Bookings
 * reads the window, and a page that only does that does not load the schema library
 * (docs/PERFORMANCE.md, JavaScript per page). The schemas stay in `progress.ts`.
 */

/** From the session's start to this long after its end, its coach may mark a no-show. */
export const NO_SHOW_WINDOW_HOURS_AFTER_END = 48;

/** The policy shown before paying (checkout) and in the Terms. */
export const NO_SHOW_POLICY =
  "No-show policy: if the athlete does not come to a paid session, the coach may mark it as a no-show from its start until 48 hours after it ends, with a note. A no-show is not refunded and the coach is paid for the session; the family is told by e-mail with the coach's note, and may write to support if they disagree.";

/** Whether a no-show may be marked at `now` for a session of these instants (the window only). */
export function noShowWindow(startsAt: Date, endsAt: Date, now: Date): "open" | "too_early" | "too_late" {
  if (now.getTime() < startsAt.getTime()) return "too_early";
  if (now.getTime() > endsAt.getTime() + NO_SHOW_WINDOW_HOURS_AFTER_END * 3_600_000) return "too_late";
  return "open";
}
