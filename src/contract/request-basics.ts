import { platformFeeCents, totalCents } from "./money";
import { addDaysToDate, TimeMessages } from "./time";

/**
 * The session requests' texts, defaults and rules a first screen shows or applies (My Session
 * Requests, the coach's dashboard, a coach's booking page), without zod: a page that only displays
 * them does not load the schema library (docs/PERFORMANCE.md, JavaScript per page). The schemas
 * stay in `requests.ts`.
 */

/** A request must reach the coach this long before the session; unanswered, it expires then (DESIGN.md 4). */
export const REQUEST_MIN_ADVANCE_HOURS = 4;
export const REQUEST_MIN_ADVANCE_MS = REQUEST_MIN_ADVANCE_HOURS * 3_600_000;
export const REQUEST_DEFAULT_START_TIME = "09:00";
export const REQUEST_DEFAULT_DURATION = 60;
export const MAX_REQUEST_MESSAGE_LENGTH = 1000;

export const SESSION_REQUEST_STATUSES = ["pending", "accepted", "declined", "expired", "cancelled"] as const;
export type SessionRequestStatus = (typeof SESSION_REQUEST_STATUSES)[number];

/** What My Session Requests shows for each status (coach-side 4). */
export const REQUEST_STATUS_LABELS: Record<SessionRequestStatus, string> = {
  pending: "Pending Response",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired - No Response",
  cancelled: "Cancelled",
};

/** The spec's session request texts (player-side 5 and 8, coach-side 8) and the server's refusals. */
export const SessionRequestMessages = {
  TOO_SOON: "Session requests must be made at least 4 hours before the desired session time",
  RATE_NOT_FOUND: "Rate not found for selected session type and duration",
  INVALID_COMBINATION: "Please select a valid session type and duration combination.",
  NOT_ACCEPTING: "This coach is not accepting session requests.",
  COACH_REQUIRED: "Please choose a coach",
  COACH_NOT_FOUND: "Coach not found",
  DATE_INVALID: "Please choose a valid date",
  START_INVALID: "Please choose a valid start time",
  START_OFF_STEP: TimeMessages.START_OFF_STEP,
  NONEXISTENT_TIME: TimeMessages.NONEXISTENT_TIME,
  MESSAGE_TOO_LONG: `Message must be at most ${MAX_REQUEST_MESSAGE_LENGTH} characters`,
  ONLY_PLAYERS: "Only players can request sessions",
  ONLY_OWN_COACH: "You can only see and answer your own session requests",
  NOT_FOUND: "Session request not found",
  DUPLICATE: "You already have a pending request with this coach at this time.",
  ALREADY_ANSWERED: "This session request is no longer pending.",
  EXPIRED: "This request has expired.",
  SENT: "Session Request Sent",
  SEND_FAILED: "Failed to send session request",
  ACCEPTED: "Session Request Accepted",
  ACCEPT_FAILED: "Failed to accept session request",
  DECLINED: "Session Request Declined",
  DECLINE_FAILED: "Failed to decline session request",
  CANCELLED: "Session Request Cancelled",
  CANCEL_FAILED: "Failed to cancel session request.",
} as const;

/** The 4-hour rule on instants (milliseconds): the same check on both sides. */
export function meetsRequestAdvance(startsAtMs: number, nowMs: number): boolean {
  return startsAtMs - nowMs >= REQUEST_MIN_ADVANCE_MS;
}

/** The price a request shows: the coach's rate plus the 15% platform fee, in cents. */
export function requestPriceCents(rateCents: number): { rateCents: number; platformFeeCents: number; totalCents: number } {
  return { rateCents, platformFeeCents: platformFeeCents(rateCents), totalCents: totalCents(rateCents, 0) };
}

/** The dialog's default date: tomorrow of a yyyy-MM-dd "today". */
export const defaultRequestDate = (today: string) => addDaysToDate(today, 1);
