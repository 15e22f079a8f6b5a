import { useQuery } from "@tanstack/react-query";
import type { Booking } from "../../../../contract/bookings";
import { apiGet } from "../../../lib/api-client";

/** The same key as the dashboard's reader, so both share one cached list. */
export const coachBookingsQueryKey = ["/api/bookings/coach"] as const;

export function useCoachBookingList(enabled = true) {
  return useQuery({ queryKey: coachBookingsQueryKey, queryFn: () => apiGet<Booking[]>("/api/bookings/coach"), enabled });
}
