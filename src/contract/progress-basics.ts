/**
 * The no-show's policy and window, without zod: checkout and the Terms show the policy, My Bookings
 * reads the window, and a page that only does that does not load the schema library
 * (docs/PERFORMANCE.md, JavaScript per page). The schemas stay in `progress.ts`.
 */

/** From this long after the session's start (DESIGN.md 12: a late athlete is not absent)... */
export const NO_SHOW_OPENS_MINUTES_AFTER_START = 15;
/** ...to this long after its end, its coach may mark a no-show. */
export const NO_SHOW_WINDOW_HOURS_AFTER_END = 48;
/** A no-show's payout waits this long for the family's answer (DESIGN.md 12); the payout sweep sends it then. */
export const NO_SHOW_PAYOUT_WAIT_HOURS = 24;

/** The policy shown before paying (checkout) and in the Terms. */
export const NO_SHOW_POLICY =
  "No-show policy: if the athlete does not come to a paid session, the coach may mark it as a no-show from 15 minutes after its start until 48 hours after it ends, with a note. A no-show is not refunded; the family is told by e-mail with the coach's note and may answer in messages or write to support within 24 hours, after which the coach is paid for the session.";

/** The first instant a no-show may be marked. */
export const noShowOpensAt = (startsAt: Date): Date => new Date(startsAt.getTime() + NO_SHOW_OPENS_MINUTES_AFTER_START * 60_000);
/** The last instant a no-show may be marked. */
export const noShowClosesAt = (endsAt: Date): Date => new Date(endsAt.getTime() + NO_SHOW_WINDOW_HOURS_AFTER_END * 3_600_000);
/** When a no-show marked at `markedAt` is paid out, unless the charge is disputed meanwhile. */
export const noShowPayoutDueAt = (markedAt: Date): Date => new Date(markedAt.getTime() + NO_SHOW_PAYOUT_WAIT_HOURS * 3_600_000);

/** Whether a no-show may be marked at `now` for a session of these instants (the window only). */
export function noShowWindow(startsAt: Date, endsAt: Date, now: Date): "open" | "too_early" | "too_late" {
  if (now.getTime() < noShowOpensAt(startsAt).getTime()) return "too_early";
  if (now.getTime() > noShowClosesAt(endsAt).getTime()) return "too_late";
  return "open";
}
