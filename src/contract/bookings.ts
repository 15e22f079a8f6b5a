import type { CoachContact } from "./coach-contact";
import { z } from "zod";
import { MAX_ATHLETES_PER_FAMILY, OptionalAthleteIdSchema, type AthleteSummary } from "./families";
import { SESSION_TYPES, type SessionType } from "./coach-basics";
import { parseTime } from "./time";
import { BookingMessages, MAX_BOOKING_NOTES_LENGTH, MAX_SERIES_WEEKS } from "./booking-basics";
import { idField, numberOrDigits, sessionDurationField, wholeNumberField } from "./fields";

/** A pending booking holds its seat this long while the student pays (DESIGN.md 4). */
export const BOOKING_HOLD_MINUTES = 15;

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ["unpaid", "processing", "completed", "failed", "refund_pending", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const optionalId = numberOrDigits(9).pipe(z.number().int().positive()).nullish().catch(undefined);

const durationField = sessionDurationField(BookingMessages.SELECT_DURATION);

const optionalStartTime = z
  .string({ message: BookingMessages.START_INVALID })
  .trim()
  .nullish()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || parseTime(v) !== null, { message: BookingMessages.START_INVALID });

/** A booking's notes to the coach: trimmed, an empty note is none. */
const bookingNotesField = z
  .string({ message: "Notes must be text" })
  .trim()
  .max(MAX_BOOKING_NOTES_LENGTH, { message: BookingMessages.NOTES_TOO_LONG })
  .nullish()
  .transform((v) => (v ? v : null));
/** DESIGN.md 11: "credit" confirms at once with one of the family's package credits, no card. */
const payWithField = z.enum(["card", "credit"], { message: "Pay with a card or a credit." });

export const SiblingBookingMessages = {
  ATHLETES: "Choose the athletes this session is for, each once.",
  ONE_WAY: "Name the athletes in athleteIds or one athlete in athleteId, not both.",
  /** Siblings paid with credits take one credit each, all or none (DESIGN.md 12). */
  NOT_ENOUGH_CREDITS:
    "You don't have a credit for each athlete: each athlete's seat takes one credit. Pay by card instead, or book fewer athletes.",
} as const;

/** DESIGN.md 12 "Siblings in one slot": the athletes of the family that each take a seat, all or none. */
const athleteIdsField = z
  .array(idField(SiblingBookingMessages.ATHLETES), { message: SiblingBookingMessages.ATHLETES })
  .min(1, { message: SiblingBookingMessages.ATHLETES })
  .max(MAX_ATHLETES_PER_FAMILY, { message: SiblingBookingMessages.ATHLETES })
  .refine((ids) => new Set(ids).size === ids.length, { message: SiblingBookingMessages.ATHLETES });

/**
 * POST /api/bookings. `rate`, `coachId` and `studentId` are accepted for compatibility with the
 * spec's payload but never decide money or identity: the price comes from the coach's rate in the
 * database and the student is the signed-in user.
 */
export const BookingRequestSchema = z
  .object({
    timeSlotId: idField(BookingMessages.MISSING_INFORMATION),
    rateId: idField(BookingMessages.SELECT_DURATION),
    sessionType: z.enum(SESSION_TYPES, { message: BookingMessages.MISSING_INFORMATION }),
    duration: durationField,
    rate: z.unknown().optional(),
    notes: bookingNotesField,
    preferredStartTime: optionalStartTime,
    /** The search page's variant of preferredStartTime. */
    startTime: optionalStartTime,
    studentId: optionalId,
    coachId: optionalId,
    /** The athlete the seat is for (DESIGN.md 11); absent: the family's only athlete (DESIGN.md 12). */
    athleteId: OptionalAthleteIdSchema,
    /** Siblings in one slot (DESIGN.md 12): a seat for each, in one request; answered `{bookings}`. */
    athleteIds: athleteIdsField.optional(),
    /** DESIGN.md 11: "credit" confirms at once with one of the family's package credits, no card. */
    payWith: payWithField.optional(),
  })
  .refine((b) => b.athleteIds === undefined || b.athleteId == null, { message: SiblingBookingMessages.ONE_WAY, path: ["athleteIds"] })
  .transform(({ startTime, preferredStartTime, ...rest }) => ({ ...rest, preferredStartTime: preferredStartTime ?? startTime }));
export type BookingRequest = z.input<typeof BookingRequestSchema>;

export const SeriesBookingMessages = {
  WEEKS: `Book 1 to ${MAX_SERIES_WEEKS} weeks.`,
  NONE_OPEN: "None of these weeks is open any more.",
} as const;

/** POST /api/bookings/series (DESIGN.md 11): this slot and the series' next weeks, by card in one checkout or a credit a week. */
export const SeriesBookingRequestSchema = z.object({
  timeSlotId: idField(BookingMessages.MISSING_INFORMATION),
  // A bad id is refused (400), never read as "no athlete" and booked for another (DESIGN.md 12).
  athleteId: OptionalAthleteIdSchema,
  weeks: wholeNumberField(2, 1, MAX_SERIES_WEEKS, SeriesBookingMessages.WEEKS),
  payWith: payWithField.default("card"),
  duration: durationField.optional(),
  notes: bookingNotesField,
});
export type ParsedSeriesBookingRequest = z.output<typeof SeriesBookingRequestSchema>;

/** One week of a series as the family sees it before booking: open, full, already theirs, or closed (cancelled, begun, too short). */
export type SeriesWeekState = "open" | "full" | "booked" | "closed";
export type SeriesWeek = { timeSlotId: number; date: string; startTime: string; endTime: string; state: SeriesWeekState };
export type SeriesPreview = {
  /** null: a one-off slot, which is its own only week. */
  seriesId: string | null;
  weeks: SeriesWeek[];
  /** How many of `weeks` are open. */
  open: number;
  /** The coach's zone (IANA): the zone of every date and time above. */
  timeZone: string;
};

/** The answer of POST /api/bookings/series: the weeks booked and those skipped; by card, the checkout's payment fields too. */
export type SeriesBookingResponse = {
  bookings: Booking[];
  skipped: string[];
  bookingIds?: number[];
  totalAmount?: string;
  paymentIntentId?: string;
  clientSecret?: string;
  provider?: "stripe" | "simulated";
  publishableKey?: string;
  holdExpiresAt?: string | null;
};

export type ParsedBookingRequest = z.output<typeof BookingRequestSchema>;

/** The answer of POST /api/bookings with `athleteIds`: one held seat per athlete, in the order named. */
export type SiblingBookingResponse = { bookings: Booking[] };

/** The answer of POST /api/bookings/{id}/pay-with-credit: every booking of the hold, each paid with a credit (DESIGN.md 12). */
export type PayHoldWithCreditResponse = { bookings: Booking[] };

export type BookingCoach = {
  id: number;
  title: string;
  profileImageUrl: string | null;
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
};

/** The student as their coach sees them (coach-side 3); only the coach and admins get it. */
export type BookingStudent = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  /** Contact details (e-mail, phones) are null for a student who never held a seat: an abandoned checkout. */
  email: string | null;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  parentFirstName: string | null;
  parentLastName: string | null;
  parentPhoneNumber: string | null;
  parentEmail: string | null;
  ageGroup: string | null;
  skillLevel: string | null;
  position: string | null;
  secondaryPosition: string | null;
  goals: string[];
  preferredCoachingStyle: string | null;
  sessionPreferences: string[];
};

export type BookingGuardian = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
};

export type BookingTimeSlot = {
  id: number;
  coachId: number;
  date: string;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
  isGroup: boolean;
  capacity: number;
  locationName: string | null;
  locationAddress: string | null;
  locationLat: number | null;
  locationLng: number | null;
  locationNotes: string | null;
};

/** A booking as the API returns it. Money is decimal strings; dates and times are in the coach's time zone. */
export type Booking = {
  id: number;
  /** The guardian who booked. */
  studentId: number;
  /** The athlete the seat is for, with their age and position (DESIGN.md 11). */
  athleteId: number | null;
  athlete: AthleteSummary | null;
  /** For the coach (and admins), once the seat is paid: how to reach the family's guardians. */
  guardians?: BookingGuardian[];
  coachId: number;
  timeSlotId: number;
  rateId: number | null;
  sessionType: SessionType;
  duration: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  rate: string;
  platformFee: string;
  tipAmount: string;
  totalAmount: string;
  coachEarnings: string;
  notes: string | null;
  /** HH:mm: when the session starts inside the slot. */
  preferredStartTime: string;
  startTime: string;
  endTime: string;
  /** yyyy-MM-dd and HH:mm of the session start. */
  sessionDate: string;
  sessionTime: string;
  /** The session's start and end instants (ISO). */
  startsAt: string;
  endsAt: string;
  /** The coach's time zone (IANA name): the zone of every date and time above. */
  timeZone: string;
  coachName: string;
  coach: BookingCoach;
  /** Present for the coach of the booking and for admins. */
  student?: BookingStudent;
  /** For the coach: whom to reach; a minor's contact is the guardian's ("Guardian: Dana Whitaker", DESIGN.md 12). */
  contact?: CoachContact;
  timeSlot: BookingTimeSlot;
  /** Until when a pending booking holds its seat (ISO); null once paid or cancelled. */
  holdExpiresAt: string | null;
  /** DESIGN.md 11: paid by card, or with a package credit (then refunded as a credit, not money). */
  paidWith: "card" | "credit";
  /** Paid by card in one checkout with other sessions of the family (siblings, a weekly series). */
  sharedCheckout: boolean;
  /** The weekly series of the booking's slot, if any: My Bookings and the coach's calendar group its weeks. */
  seriesId: string | null;
  confirmedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  /** What the coach wrote when cancelling the session (free text); null for any other cancellation. */
  cancellationReason: string | null;
  /** Why it was cancelled: the hold (or an accepted request's payment deadline) ran out, the coach or the student cancelled, or a payment came that could not be honoured (refunded). */
  cancelCode: "hold_expired" | "coach_cancelled" | "student_cancelled" | "not_honoured" | "no_show_reversed" | null;
  feedbackSubmittedAt: string | null;
  /** The coach's payout: none until feedback, pending while the payout account is not ready, paid once transferred. */
  payoutStatus: "none" | "pending" | "paid" | "reversed" | "owed";
  /** A no-show the coach marked (DESIGN.md 11): when, and the coach's note; kept after an admin's reversal. */
  noShowAt: string | null;
  noShowNote: string | null;
  createdAt: string;
};

/** What a credit-paid session shows wherever a price would be (DESIGN.md 12), never its share of the package. */
/** A session on an athlete's page: the booking and the coach's feedback, once given. */
export type AthleteSession = Booking & { feedback: { text: string; rating: number; createdAt: string } | null };

/** The answer of POST /api/bookings. */
export type CreateBookingResponse = Booking;

export const StudentCancelMessages = {
  TOO_LATE:
    "Under our 24-hour cancellation policy, a booking can be cancelled for a full refund only 24 hours or more before the session starts. This session starts in less than 24 hours, so please message your coach instead.",
  NOT_CANCELLABLE: "This booking can no longer be cancelled.",
  ONLY_STUDENT: "Only the player who made this booking can cancel it.",
  CANCELLED_PENDING: "Booking cancelled. The time slot has been released.",
  CANCELLED_REFUNDED: "Booking cancelled. Your payment will be refunded in full.",
  CANCELLED_CREDIT_RETURNED: "Booking cancelled. Your credit has been returned.",
} as const;

/**
 * A coach sees a student's (or parent's) phone and e-mail only once a seat is paid (issue 28): on a
 * booking, and on the request that led to it. Before that, the name, age group and message only.
 */
export function isSeatPaid(booking: { status: string; paymentStatus: string }): boolean {
  return (
    booking.paymentStatus === "completed" ||
    booking.paymentStatus === "refund_pending" ||
    booking.paymentStatus === "refunded" ||
    booking.status === "confirmed" ||
    booking.status === "completed"
  );
}

/** A student as their coach sees them before any seat is paid: no e-mail and no phone numbers. */
export function withoutContact<T extends { email: unknown; phoneNumber: unknown; parentPhoneNumber: unknown; parentEmail: unknown }>(
  student: T,
): Omit<T, "email" | "phoneNumber" | "parentPhoneNumber" | "parentEmail"> & {
  email: null;
  phoneNumber: null;
  parentPhoneNumber: null;
  parentEmail: null;
} {
  return { ...student, email: null, phoneNumber: null, parentPhoneNumber: null, parentEmail: null };
}
