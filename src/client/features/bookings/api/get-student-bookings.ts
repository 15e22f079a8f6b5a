import { useQuery } from "@tanstack/react-query";
import type { Booking } from "../../../../contract/bookings";
import { apiGet } from "../../../lib/api-client";

/** The URL is the key, so the live channel's "/api/bookings" prefix refresh reaches this list too. */
export const studentBookingsQueryKey = ["/api/bookings/student"] as const;

export function useStudentBookings(enabled = true) {
  return useQuery({ queryKey: studentBookingsQueryKey, queryFn: () => apiGet<Booking[]>("/api/bookings/student"), enabled });
}
