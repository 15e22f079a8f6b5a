import { useQuery } from "../../../lib/use-query";
import { bookingQuery } from "./keys";

export function useBooking(id: number | undefined) {
  return useQuery({ ...bookingQuery(id ?? 0), enabled: id !== undefined });
}
