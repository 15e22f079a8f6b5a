import type { Booking } from "@contract/bookings";
import { MY_BOOKINGS_PAST_LIMIT } from "@contract/booking-basics";

/**
 * coach-side 4: upcoming means the session starts now or later, past means earlier. Upcoming is
 * soonest first; past is most recent first and cut to the spec's 5.
 */
export function splitBookings(bookings: readonly Booking[], now: Date, pastLimit = MY_BOOKINGS_PAST_LIMIT) {
  const startOf = (b: Booking) => {
    const time = b?.startsAt ? new Date(b.startsAt).getTime() : NaN;
    // A booking without a readable start stays visible among the upcoming ones (its card says what is missing).
    return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
  };
  const upcoming = bookings.filter((b) => startOf(b) >= now.getTime()).sort((a, b) => startOf(a) - startOf(b));
  const past = bookings
    .filter((b) => startOf(b) < now.getTime())
    .sort((a, b) => startOf(b) - startOf(a))
    .slice(0, pastLimit);
  return { upcoming, past };
}
