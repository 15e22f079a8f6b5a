import { z } from "zod";
import { OptionalAthleteIdSchema, type AthleteSummary } from "./families";
import type { BookingGuardian, BookingStatus, BookingStudent, PaymentStatus } from "./bookings";
import { SESSION_TYPES, type SessionType } from "./coaches";
import { idField, numberOrDigits, sessionDurationField } from "./fields";
import { platformFeeCents, totalCents } from "./money";
import { addDaysToDate, isOnQuarterHour, isValidDate, isValidTime, TimeMessages } from "./time";

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

const optionalMessage = z
  .string({ message: "Message must be text" })
  .trim()
  .max(MAX_REQUEST_MESSAGE_LENGTH, { message: SessionRequestMessages.MESSAGE_TOO_LONG })
  .nullish()
  .transform((v) => (v ? v : null));

export const GROUP_SIZE_MESSAGE = "Group size must be 2 to 10 players";

/**
 * POST /api/session-requests. The end time always equals start + duration, so a different
 * `requestedEndTime` is ignored rather than refused; `totalAmount` is ignored too: the server prices
 * the request from the coach's rate.
 */
export const CreateSessionRequestSchema = z.object({
  coachId: idField(SessionRequestMessages.COACH_REQUIRED),
  /** The athlete the session is for (DESIGN.md 11); absent: the family's first athlete. */
  athleteId: OptionalAthleteIdSchema,
  requestedDate: z
    .string({ message: SessionRequestMessages.DATE_INVALID })
    .trim()
    .refine(isValidDate, { message: SessionRequestMessages.DATE_INVALID }),
  requestedStartTime: z
    .string({ message: SessionRequestMessages.START_INVALID })
    .trim()
    .refine(isValidTime, { message: SessionRequestMessages.START_INVALID })
    .refine(isOnQuarterHour, { message: SessionRequestMessages.START_OFF_STEP }),
  requestedEndTime: z.unknown().optional(),
  sessionType: z.enum(SESSION_TYPES, { message: SessionRequestMessages.INVALID_COMBINATION }),
  duration: sessionDurationField(SessionRequestMessages.INVALID_COMBINATION),
  totalAmount: z.unknown().optional(),
  message: optionalMessage,
  /** Group requests only: the seats the group session should have (2 to 10, default 2). */
  groupSize: numberOrDigits(2, GROUP_SIZE_MESSAGE)
    .pipe(z.number().int().min(2, { message: GROUP_SIZE_MESSAGE }).max(10, { message: GROUP_SIZE_MESSAGE }))
    .nullish(),
});
export type CreateSessionRequest = z.input<typeof CreateSessionRequestSchema>;
export type ParsedCreateSessionRequest = z.output<typeof CreateSessionRequestSchema>;

export const DeclineSessionRequestSchema = z.object({ message: optionalMessage });
export type DeclineSessionRequest = z.input<typeof DeclineSessionRequestSchema>;

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

export type SessionRequestCoach = {
  id: number;
  title: string;
  profileImageUrl: string | null;
  user: { firstName: string | null; lastName: string | null };
};

/** A session request as the API returns it (coach-side 3). Dates and times are in the coach's time zone. */
export type SessionRequest = {
  id: number;
  coachId: number;
  coach: SessionRequestCoach;
  studentId: number;
  /** The athlete the session is for, with their age and position (DESIGN.md 11). */
  athleteId: number | null;
  athlete: AthleteSummary | null;
  requestedDate: string;
  requestedStartTime: string;
  requestedEndTime: string;
  /** The requested start as an instant (ISO). */
  requestedStartsAt: string;
  /** The coach's time zone (IANA name): the zone of the requested date and times. */
  timeZone: string;
  sessionType: SessionType;
  /** The seats a group request asks for (null for an individual one). */
  groupSize: number | null;
  duration: number;
  rate: string;
  platformFee: string;
  totalAmount: string;
  message: string | null;
  coachResponse: string | null;
  status: SessionRequestStatus;
  timeSlotId: number | null;
  /** The booking awaiting payment once the request is accepted. */
  booking: { id: number; status: BookingStatus; paymentStatus: PaymentStatus } | null;
  respondedAt: string | null;
  createdAt: string;
  /** Only for the coach of the request. */
  student?: BookingStudent;
  /** Only for the coach, once the seat the request led to is paid: how to reach the family's guardians (DESIGN.md 11). */
  guardians?: BookingGuardian[];
};

/** The answer of POST /api/session-requests/{id}/accept. */
export type AcceptSessionRequestResponse = {
  success: true;
  message: typeof SessionRequestMessages.ACCEPTED;
  request: SessionRequest;
  bookingId: number;
};
