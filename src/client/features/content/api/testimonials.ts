import { useQuery } from "@tanstack/react-query";
import { testimonialsQuery } from "../../../lib/query-keys";

export function useTestimonials() {
  return useQuery(testimonialsQuery);
}
