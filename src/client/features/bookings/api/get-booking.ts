import { useQuery } from "@tanstack/react-query";
import { bookingQuery } from "./keys";

export function useBooking(id: number | undefined) {
  return useQuery({ ...bookingQuery(id ?? 0), enabled: id !== undefined });
}
