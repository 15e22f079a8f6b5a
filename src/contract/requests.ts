import type { CoachContact } from "./coach-contact";
import { z } from "zod";
import { OptionalAthleteIdSchema, type AthleteSummary } from "./families";
import type { BookingGuardian, BookingStatus, BookingStudent, PaymentStatus } from "./bookings";
import { SESSION_TYPES, type SessionType } from "./coach-basics";
import { idField, numberOrDigits, sessionDurationField } from "./fields";
import { isOnQuarterHour, isValidDate, isValidTime } from "./time";
import { SessionRequestMessages, type SessionRequestStatus } from "./request-basics";
import { optionalRequestMessage } from "./request-message";

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
  message: optionalRequestMessage,
  /** Group requests only: the seats the group session should have (2 to 10, default 2). */
  groupSize: numberOrDigits(2, GROUP_SIZE_MESSAGE)
    .pipe(z.number().int().min(2, { message: GROUP_SIZE_MESSAGE }).max(10, { message: GROUP_SIZE_MESSAGE }))
    .nullish(),
});
export type CreateSessionRequest = z.input<typeof CreateSessionRequestSchema>;
export type ParsedCreateSessionRequest = z.output<typeof CreateSessionRequestSchema>;

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
  /** For the coach: whom to reach; a minor's contact is the guardian's ("Guardian: Dana Whitaker", DESIGN.md 12). */
  contact?: CoachContact;
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
