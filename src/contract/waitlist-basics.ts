/**
 * Waitlists for full group slots (issue 16): the hold and the texts, without zod, so that a page
 * that only shows them (a coach's booking page) does not load the schema library
 * (docs/PERFORMANCE.md, JavaScript per page). The schemas stay in `waitlist.ts`.
 */

/** How long a seat offered to the first player on the waitlist is held for them. */
export const WAITLIST_HOLD_MINUTES = 30;

export const WaitlistMessages = {
  ONLY_PLAYERS: "Only players can join a waitlist.",
  ONLY_GROUP: "Only group sessions have a waitlist.",
  NOT_FULL: "This session still has seats. Book it instead.",
  SLOT_CLOSED: "This session is no longer open.",
  ALREADY_BOOKED: "You already have a booking for this session.",
  ALREADY_WAITING: "You are already on the waitlist for this session.",
  ENTRY_NOT_FOUND: "Waitlist place not found",
  JOINED: "You are on the waitlist. We will e-mail you if a seat opens up.",
} as const;
