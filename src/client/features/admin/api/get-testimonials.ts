import { useQuery } from "../../../lib/use-query";
import { testimonialsQuery } from "@client/lib/query-keys";

/** Already ordered by `order`, then id, by the server. */
export function useTestimonials() {
  return useQuery(testimonialsQuery);
}
