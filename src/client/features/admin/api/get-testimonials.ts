import { useQuery } from "@tanstack/react-query";
import { testimonialsQuery } from "@client/lib/query-keys";

/** Already ordered by `order`, then id, by the server. */
export function useTestimonials() {
  return useQuery(testimonialsQuery);
}
