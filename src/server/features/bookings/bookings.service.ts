import { isSeatPaid, withoutContact, type AthleteSession, type Booking, type BookingStudent } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import { centsToDecimal } from "@contract/money";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { instantToLocal } from "../slots/slot-time";
import { toBookingTimeSlot } from "../slots/slots.service";
import { familyAudience, isGuardianOfAthlete, type FamilyAudience } from "../../db/families";
import { coachViewOfPeople, toAthleteSummary } from "../families/families.service";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import { LIST_PAGE_SIZE } from "@contract/paging";
import { badCursor, pageOf, type Page } from "../../http/list-page";
import { fullName } from "@contract/names";

export type BookingViewer = { id: number; userType: UserRow["userType"] };

/** One booking for a viewer allowed to see it (its student, its coach, an admin); undefined otherwise. */
export async function getBookingFor(deps: AppDeps, viewer: BookingViewer, bookingId: number): Promise<Booking | undefined> {
  const details = await detailsRepo.findBookingDetailsOutsideTransaction(deps.database.db, bookingId);
  if (!details) return undefined;
  // A guardian of the athlete's family (DESIGN.md 11), not only the one who booked.
  const isStudent = await isGuardianOfAthlete(deps.database.db, viewer.id, details.booking.athleteId);
  const isCoach = details.coach.userId === viewer.id;
  if (!isStudent && !isCoach && viewer.userType !== "admin") return undefined;
  // An admin (the operator, DESIGN.md 5) reads contact details; a coach only once the seat is paid.
  return toApiBooking(details, isCoach || viewer.userType === "admin", deps.clock.now(), {
    contactWhenUnpaid: !isCoach && viewer.userType === "admin",
  });
}

/**
 * A booking of the viewer's family (the caller checked it, as requireOwnBooking does) as getBookingFor
 * answers it, without asking the family again: one read.
 */
export async function familyBookingFor(deps: AppDeps, viewer: BookingViewer, bookingId: number): Promise<Booking | undefined> {
  const details = await detailsRepo.findBookingDetailsOutsideTransaction(deps.database.db, bookingId);
  if (!details) return undefined;
  const isCoach = details.coach.userId === viewer.id;
  return toApiBooking(details, isCoach || viewer.userType === "admin", deps.clock.now(), {
    contactWhenUnpaid: !isCoach && viewer.userType === "admin",
  });
}

/** A booking as the player who just made it sees it (they chose its athlete of their family): one read. */
export async function bookingForItsBooker(deps: AppDeps, bookingId: number): Promise<Booking | undefined> {
  const details = await detailsRepo.findBookingDetailsOutsideTransaction(deps.database.db, bookingId);
  return details && bookerViewOf(deps, details);
}

/** bookingForItsBooker's answer from details already read. */
export const bookerViewOf = (deps: AppDeps, details: detailsRepo.BookingDetails): Booking =>
  toApiBooking(details, false, deps.clock.now(), { contactWhenUnpaid: false });

/** GET /api/bookings/:id. Someone else's booking answers 404, like a missing one: ids do not leak. */
export async function getBooking(deps: AppDeps, viewer: BookingViewer, bookingId: number): Promise<Booking> {
  const booking = await getBookingFor(deps, viewer, bookingId);
  if (!booking) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return booking;
}

/** GET /api/bookings/student: the family's bookings, most recently made first, one page (decision 012). */
export async function listStudentBookings(deps: AppDeps, user: UserRow, cursor?: number): Promise<Page<Booking>> {
  const db = deps.database.db;
  if (cursor !== undefined && !(await detailsRepo.isBookingOfUserFamily(db, cursor, user.id))) throw badCursor();
  const rows = await detailsRepo.listStudentBookings(db, user.id, { afterId: cursor, limit: LIST_PAGE_SIZE + 1 });
  const now = deps.clock.now();
  return pageOf(
    rows,
    LIST_PAGE_SIZE,
    (r) => r.booking.id,
    (r) => toApiBooking(r, false, now),
  );
}

/** GET /api/bookings/coach: the coach's bookings, latest session first, one page (decision 012). */
export async function listCoachBookings(deps: AppDeps, user: UserRow, cursor?: number): Promise<Page<Booking>> {
  const db = deps.database.db;
  const coachId = await repo.findCoachIdOfUser(db, user.id);
  if (coachId === undefined) {
    if (cursor !== undefined) throw badCursor();
    return { items: [], nextCursor: null };
  }
  if (cursor !== undefined && !(await detailsRepo.isBookingOfCoach(db, cursor, coachId))) throw badCursor();
  const rows = await detailsRepo.listCoachBookings(db, coachId, { afterId: cursor, limit: LIST_PAGE_SIZE + 1 });
  const now = deps.clock.now();
  return pageOf(
    rows,
    LIST_PAGE_SIZE,
    (r) => r.booking.id,
    (r) => toApiBooking(r, true, now),
  );
}

/** A booking of the caller's family (for paying or cancelling it); another family's answers 404 like a missing one. */
export async function requireOwnBooking(deps: AppDeps, user: UserRow, bookingId: number): Promise<repo.BookingRow> {
  const row = await repo.findFamilyBooking(deps.database.db, bookingId, user.id);
  if (!row) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return row;
}

/** "The booking's athlete is in my family" (DESIGN.md 11): every guardian sees, pays for and cancels it. */
export async function isFamilyBooking(deps: AppDeps, userId: number, booking: Pick<repo.BookingRow, "athleteId">): Promise<boolean> {
  return isGuardianOfAthlete(deps.database.db, userId, booking.athleteId);
}

/** The sessions of one athlete, each with the coach's feedback once given (the athlete's page; the caller checked the family). */
export async function listAthleteSessions(deps: AppDeps, athleteId: number): Promise<AthleteSession[]> {
  const rows = await detailsRepo.listAthleteBookings(deps.database.db, athleteId);
  const now = deps.clock.now();
  const feedback = new Map(
    (
      await detailsRepo.listFeedbackOf(
        deps.database.db,
        rows.map((r) => r.booking.id),
      )
    ).map((f) => [f.bookingId, f]),
  );
  return rows.map((r) => {
    const f = feedback.get(r.booking.id);
    return {
      ...toApiBooking(r, false, now),
      feedback: f ? { text: f.feedback, rating: f.rating, createdAt: f.createdAt.toISOString() } : null,
    };
  });
}

export async function findBookingRow(deps: AppDeps, bookingId: number): Promise<repo.BookingRow | undefined> {
  return repo.findBooking(deps.database.db, bookingId);
}

export async function countBookingsOfIntent(deps: AppDeps, paymentIntentId: string): Promise<number> {
  return repo.countBookingsOfIntent(deps.database.db, paymentIntentId);
}

export async function findBookingsByPaymentIntent(deps: AppDeps, paymentIntentId: string): Promise<repo.BookingRow[]> {
  return repo.findBookingsByPaymentIntent(deps.database.db, paymentIntentId);
}

/** findBookingsByPaymentIntent, with whether the first is of the user's family and whether the intent is also a purchase's. */
export async function findBookingsOfIntentForUser(
  deps: AppDeps,
  paymentIntentId: string,
  userId: number,
): Promise<{ rows: repo.BookingRow[]; isFirstOfFamily: boolean; isPurchaseIntent: boolean }> {
  const found = await repo.findBookingsOfIntentForUser(deps.database.db, paymentIntentId, userId);
  return {
    rows: found.map((f) => f.booking),
    isFirstOfFamily: found[0]?.isOfFamily === true,
    isPurchaseIntent: found[0]?.isPurchaseIntent === true,
  };
}

export async function findBookingByPaymentIntent(deps: AppDeps, paymentIntentId: string): Promise<repo.BookingRow | undefined> {
  return repo.findBookingByPaymentIntent(deps.database.db, paymentIntentId);
}

export function coachNameOf(details: Pick<detailsRepo.BookingDetails, "coachUser">): string {
  return fullName(details.coachUser) || "Your coach";
}

/** A booking that holds a paid seat now: confirmed, taught, or marked no-show (not a hold, not cancelled). */
function holdsPaidSeat(b: { status: string }): boolean {
  return b.status === "confirmed" || b.status === "completed" || b.status === "no_show";
}

/** The API shape of a booking; `withStudent` adds the student's contact and profile (for the coach and admins). */
export function toApiBooking(
  details: detailsRepo.BookingDetails,
  withStudent: boolean,
  now: Date,
  options: { contactWhenUnpaid?: boolean } = {},
): Booking {
  const { booking: b, slot, coach, coachUser } = details;
  const zone = coach.timeZone;
  const start = instantToLocal(b.startsAt, zone);
  const end = instantToLocal(b.endsAt, zone);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const result: Booking = {
    id: b.id,
    studentId: b.studentId,
    athleteId: b.athleteId,
    athlete: details.athlete ? toAthleteSummary(details.athlete, now) : null,
    coachId: b.coachId,
    timeSlotId: b.timeSlotId,
    rateId: b.rateId,
    sessionType: b.sessionType,
    duration: b.durationMinutes,
    status: b.status,
    paymentStatus: b.paymentStatus,
    rate: centsToDecimal(b.rateCents),
    platformFee: centsToDecimal(b.platformFeeCents),
    tipAmount: centsToDecimal(b.tipCents),
    totalAmount: centsToDecimal(b.totalCents),
    coachEarnings: centsToDecimal(b.coachEarningsCents),
    notes: b.notes,
    preferredStartTime: start.time,
    startTime: start.time,
    endTime: end.time,
    sessionDate: start.date,
    sessionTime: start.time,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    timeZone: zone,
    coachName: coachNameOf(details),
    coach: {
      id: coach.id,
      title: coach.title,
      profileImageUrl: coach.profileImageUrl ?? coachUser.profileImageUrl,
      user: { firstName: coachUser.firstName, lastName: coachUser.lastName, profileImageUrl: coachUser.profileImageUrl },
    },
    // A slot's location notes (gate codes) reach only its coach and a family holding a paid seat (DESIGN.md 12).
    timeSlot: toBookingTimeSlot(slot, zone, withStudent || holdsPaidSeat(b)),
    holdExpiresAt: b.status === "pending" ? iso(b.holdExpiresAt) : null,
    paidWith: b.packagePurchaseId !== null ? "credit" : "card",
    sharedCheckout: details.sharedCheckout === true,
    seriesId: slot.seriesId,
    confirmedAt: iso(b.confirmedAt),
    completedAt: iso(b.completedAt),
    cancelledAt: iso(b.cancelledAt),
    cancellationReason: b.cancellationReason,
    cancelCode: b.cancelCode,
    feedbackSubmittedAt: iso(b.feedbackSubmittedAt),
    payoutStatus: b.payoutStatus,
    noShowAt: iso(b.noShowAt),
    noShowNote: b.noShowNote,
    createdAt: b.createdAt.toISOString(),
  };
  if (withStudent) {
    const contact = options.contactWhenUnpaid === true || isSeatPaid(b);
    const people = coachViewOfPeople(details, now, contact);
    result.student = toStudent(people.student, contact);
    result.contact = people.contact;
    // The guardians' contact only for a seat that was paid (DESIGN.md 11).
    if (contact) {
      result.guardians = people.guardians;
    }
  }
  return result;
}

function toStudent(
  s: Omit<detailsRepo.BookingDetails["student"], "email"> & { email: string | null },
  withContact: boolean,
): BookingStudent {
  const student = { ...s, goals: s.goals ?? [], sessionPreferences: s.sessionPreferences ?? [] };
  return withContact ? student : withoutContact(student);
}

/**
 * Who hears about a booking: every guardian of its athlete's family (and a minor holder's parent),
 * by the one audience rule (familyAudience in db/families.ts).
 */
export function audienceOfBooking(
  deps: AppDeps,
  details: { booking: Pick<repo.BookingRow, "athleteId" | "studentId"> },
): Promise<FamilyAudience> {
  return familyAudience(deps.database.db, { athleteId: details.booking.athleteId, userId: details.booking.studentId }, deps.clock.now());
}
