import { BookingMessages, type Booking, type BookingStudent } from "@contract/bookings";
import { centsToDecimal } from "@contract/money";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { instantToLocal } from "../slots/slot-time";
import * as repo from "./bookings.repository";

export type BookingViewer = { id: number; userType: UserRow["userType"] };

/** One booking for a viewer allowed to see it (its student, its coach, an admin); undefined otherwise. */
export async function getBookingFor(deps: AppDeps, viewer: BookingViewer, bookingId: number): Promise<Booking | undefined> {
  const details = await repo.findBookingDetails(deps.database.db, bookingId);
  if (!details) return undefined;
  const isStudent = details.booking.studentId === viewer.id;
  const isCoach = details.coach.userId === viewer.id;
  if (!isStudent && !isCoach && viewer.userType !== "admin") return undefined;
  return toApiBooking(details, isCoach || viewer.userType === "admin");
}

/** GET /api/bookings/:id. Someone else's booking answers 404, like a missing one: ids do not leak. */
export async function getBooking(deps: AppDeps, viewer: BookingViewer, bookingId: number): Promise<Booking> {
  const booking = await getBookingFor(deps, viewer, bookingId);
  if (!booking) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return booking;
}

export async function listStudentBookings(deps: AppDeps, user: UserRow): Promise<Booking[]> {
  const rows = await repo.listStudentBookings(deps.database.db, user.id);
  return rows.map((r) => toApiBooking(r, false));
}

export async function listCoachBookings(deps: AppDeps, user: UserRow): Promise<Booking[]> {
  const coachId = await repo.findCoachIdOfUser(deps.database.db, user.id);
  if (coachId === undefined) return [];
  const rows = await repo.listCoachBookings(deps.database.db, coachId);
  return rows.map((r) => toApiBooking(r, true));
}

/** The caller's own booking row (for paying it); someone else's answers 404 like a missing one. */
export async function requireOwnBooking(deps: AppDeps, user: UserRow, bookingId: number): Promise<repo.BookingRow> {
  const row = await repo.findBooking(deps.database.db, bookingId);
  if (!row || row.studentId !== user.id) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return row;
}

export async function findBookingRow(deps: AppDeps, bookingId: number): Promise<repo.BookingRow | undefined> {
  return repo.findBooking(deps.database.db, bookingId);
}

export async function findBookingByPaymentIntent(deps: AppDeps, paymentIntentId: string): Promise<repo.BookingRow | undefined> {
  return repo.findBookingByPaymentIntent(deps.database.db, paymentIntentId);
}

export function coachNameOf(details: Pick<repo.BookingDetails, "coachUser">): string {
  return [details.coachUser.firstName, details.coachUser.lastName].filter(Boolean).join(" ").trim() || "Your coach";
}

/** The API shape of a booking; `withStudent` adds the student's contact and profile (for the coach and admins). */
export function toApiBooking(details: repo.BookingDetails, withStudent: boolean): Booking {
  const { booking: b, slot, coach, coachUser } = details;
  const zone = coach.timeZone;
  const start = instantToLocal(b.startsAt, zone);
  const end = instantToLocal(b.endsAt, zone);
  const slotStart = instantToLocal(slot.startsAt, zone);
  const slotEnd = instantToLocal(slot.endsAt, zone);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const result: Booking = {
    id: b.id,
    studentId: b.studentId,
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
    timeSlot: {
      id: slot.id,
      coachId: slot.coachId,
      date: slotStart.date,
      startTime: slotStart.time,
      endTime: slotEnd.time,
      isAvailable: slot.isAvailable,
      isGroup: slot.isGroup,
      capacity: slot.capacity,
      locationName: slot.locationName,
      locationAddress: slot.locationAddress,
      locationLat: slot.locationLat,
      locationLng: slot.locationLng,
      locationNotes: slot.locationNotes,
    },
    holdExpiresAt: b.status === "pending" ? iso(b.holdExpiresAt) : null,
    paidWith: b.packagePurchaseId !== null ? "credit" : "card",
    seriesId: slot.seriesId,
    confirmedAt: iso(b.confirmedAt),
    completedAt: iso(b.completedAt),
    cancelledAt: iso(b.cancelledAt),
    cancellationReason: b.cancellationReason,
    cancelCode: b.cancelCode,
    feedbackSubmittedAt: iso(b.feedbackSubmittedAt),
    payoutStatus: b.payoutStatus,
    createdAt: b.createdAt.toISOString(),
  };
  if (withStudent) result.student = toStudent(details.student, heldASeat(b));
  return result;
}

/**
 * A coach sees a student's contact details only while the student holds a seat or once they held
 * one (paid): a checkout abandoned before paying (an expired or failed hold) shows the name only.
 */
function heldASeat(b: repo.BookingRow): boolean {
  return !(b.status === "cancelled" && (b.paymentStatus === "unpaid" || b.paymentStatus === "failed"));
}

function toStudent(s: repo.BookingDetails["student"], withContact: boolean): BookingStudent {
  const student = { ...s, goals: s.goals ?? [], sessionPreferences: s.sessionPreferences ?? [] };
  return withContact ? student : { ...student, email: null, phoneNumber: null, parentPhoneNumber: null, parentEmail: null };
}
