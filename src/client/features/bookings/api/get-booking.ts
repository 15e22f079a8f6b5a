import { useQuery } from "@tanstack/react-query";
import type { Booking } from "../../../../contract/bookings";
import { apiGet } from "../../../lib/api-client";

export const bookingQueryKey = (id: number) => ["/api/bookings", id] as const;

export function useBooking(id: number | undefined) {
  return useQuery({
    queryKey: bookingQueryKey(id ?? 0),
    queryFn: () => apiGet<Booking>(`/api/bookings/${id}`),
    enabled: id !== undefined,
  });
}
