import { useQuery } from "@tanstack/react-query";
import type { Booking } from "../../../../contract/bookings";
import { apiGet } from "../../../lib/api-client";

/**
 * The coach's bookings, read here for the dashboard's stat cards.
 * TODO(issue 6): move to features/bookings when its booking sections arrive; the key stays the URL
 * so the live channel's "/api/bookings" prefix refresh keeps working.
 */
export const coachBookingsQueryKey = ["/api/bookings/coach"] as const;

export function useCoachBookings(enabled: boolean) {
  return useQuery({ queryKey: coachBookingsQueryKey, queryFn: () => apiGet<Booking[]>("/api/bookings/coach"), enabled });
}
