import { useQuery } from "@tanstack/react-query";
import { testimonialsQuery } from "@client/lib/query-keys";

export function useTestimonials() {
  return useQuery(testimonialsQuery);
}
