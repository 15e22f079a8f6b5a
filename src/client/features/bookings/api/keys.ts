import { queryOptions } from "@tanstack/react-query";
import type { Booking } from "@contract/bookings";
import type { CoachBooking } from "./coach-bookings";
import type { TimeSlot } from "@contract/slots";
import { apiGet } from "@client/lib/api-client";
import { apiGetAllPages } from "@client/lib/api-pages";
import { sharedKeys } from "@client/lib/query-keys";

/** The URLs are the keys, so the live channel's "/api/bookings" and "/api/time-slots" prefix refresh reaches these too. */
export const bookingsKeys = {
  student: ["/api/bookings/student"] as const,
  /** The coach's bookings: the live channel's "/api/bookings" prefix refresh reaches them too. */
  coach: ["/api/bookings/coach"] as const,
  one: sharedKeys.booking,
  bookableSlots: (coachId: number) => [...sharedKeys.slots, coachId, "bookable"] as const,
};

export const studentBookingsQuery = queryOptions({
  queryKey: bookingsKeys.student,
  queryFn: () => apiGetAllPages<Booking>("/api/bookings/student"),
});

export const coachBookingsQuery = queryOptions({
  queryKey: bookingsKeys.coach,
  queryFn: () => apiGetAllPages<CoachBooking>("/api/bookings/coach"),
});

export const bookingQuery = (id: number) =>
  queryOptions({ queryKey: bookingsKeys.one(id), queryFn: () => apiGet<Booking>(`/api/bookings/${id}`) });

/**
 * The bookings one payment covers (a family's shared checkout), read together: one query, so the
 * pages need no useQueries (which would add to the query library's chunk that every page loads).
 */
export const bookingsTogetherQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: [...sharedKeys.bookingsById, "together", ids.join(",")] as const,
    queryFn: () => Promise.all(ids.map((id) => apiGet<Booking>(`/api/bookings/${id}`))),
  });

/**
 * The coach's slots from today on (the profile carries only the next few): the list's first page,
 * 500 slots in start order (SLOTS_PAGE_SIZE, the cap on a coach's upcoming slots), so in practice
 * all of them. Visitors read it, so it stays off the signed-in lists' paging module (api-pages.ts
 * sits in the account chunk, vite.config.ts).
 */
export const bookableSlotsQuery = (coachId: number) =>
  queryOptions({ queryKey: bookingsKeys.bookableSlots(coachId), queryFn: () => apiGet<TimeSlot[]>(`/api/time-slots/${coachId}`) });
