import { queryOptions } from "@tanstack/react-query";
import type { Booking } from "@contract/bookings";
import type { TimeSlot } from "@contract/slots";
import { apiGet, apiGetAllPages } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

/** The URLs are the keys, so the live channel's "/api/bookings" and "/api/time-slots" prefix refresh reaches these too. */
export const bookingsKeys = {
  student: ["/api/bookings/student"] as const,
  one: sharedKeys.booking,
  bookableSlots: (coachId: number) => [...sharedKeys.slots, coachId, "bookable"] as const,
};

export const studentBookingsQuery = queryOptions({
  queryKey: bookingsKeys.student,
  queryFn: () => apiGetAllPages<Booking>("/api/bookings/student"),
});

export const bookingQuery = (id: number) =>
  queryOptions({ queryKey: bookingsKeys.one(id), queryFn: () => apiGet<Booking>(`/api/bookings/${id}`) });

/** Every slot of the coach from today on (the profile carries only the next few). */
export const bookableSlotsQuery = (coachId: number) =>
  queryOptions({ queryKey: bookingsKeys.bookableSlots(coachId), queryFn: () => apiGetAllPages<TimeSlot>(`/api/time-slots/${coachId}`) });
