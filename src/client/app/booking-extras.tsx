import type { Booking } from "../../contract/bookings";
import type { OwnReview } from "../../contract/reviews";
import { CancelBookingAction } from "../features/bookings/components/cancel-booking-action";
import { AddToCalendar } from "../features/calendar/components/add-to-calendar";
import { bookingAthleteName } from "../features/bookings/components/booking-format";
import { ReviewAction } from "../features/reviews/components/review-action";
import { fullName } from "@contract/names";

function calendarSession(booking: Booking, title: string) {
  const place = [booking.timeSlot?.locationName, booking.timeSlot?.locationAddress].filter(Boolean).join(", ");
  const zone = (booking as Booking & { timeZone?: string }).timeZone;
  return { bookingId: booking.id, title, startsAt: booking.startsAt, endsAt: booking.endsAt, location: place || null, timeZone: zone };
}

/**
 * What My Bookings adds under a booking card, composed here because it joins two features:
 * "Cancel booking" and "Add to calendar" on upcoming sessions, and the review (form or the one left) once it took place.
 */
export function StudentBookingExtras({
  booking,
  review,
  openReview,
}: {
  booking: Booking;
  review: OwnReview | undefined;
  openReview: boolean;
}) {
  const upcoming = new Date(booking.startsAt).getTime() > Date.now();
  const cancellable = upcoming && (booking.status === "pending" || booking.status === "confirmed");
  if (booking.status !== "confirmed" && booking.status !== "completed" && !cancellable) return null;
  return (
    <div className="-mt-2 flex flex-wrap items-start gap-2 rounded-b-xl border border-t-0 border-slate-200 bg-white px-4 pt-3 pb-3 sm:px-5 sm:pt-4 sm:pb-4">
      {cancellable ? <CancelBookingAction booking={booking} /> : null}
      {booking.status === "confirmed" ? (
        <AddToCalendar session={calendarSession(booking, `Lacrosse session with ${booking.coachName}`)} />
      ) : null}
      {booking.status === "completed" ? (
        <ReviewAction bookingId={booking.id} coachName={booking.coachName} review={review} openOnMount={openReview} />
      ) : null}
    </div>
  );
}

export function CoachBookingExtras({ booking }: { booking: Booking }) {
  if (booking.status !== "confirmed") return null;
  // The athlete the seat is for (DESIGN.md 11), else the account that booked (a booking from before families).
  const student = bookingAthleteName(booking, fullName(booking.student) || "a player");
  return (
    <div className="-mt-2 rounded-b-xl border border-t-0 border-slate-200 bg-white px-5 pt-4 pb-4">
      <AddToCalendar session={calendarSession(booking, `Lacrosse session: ${student}`)} />
    </div>
  );
}
