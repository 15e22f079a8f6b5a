import { useQuery } from "../../../lib/use-query";
import { testimonialsQuery } from "@client/lib/query-keys";

export function useTestimonials() {
  return useQuery(testimonialsQuery);
}
