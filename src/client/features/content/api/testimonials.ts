import { useQuery } from "@tanstack/react-query";
import type { Testimonial } from "../../../../contract/content";
import { apiGet } from "../../../lib/api-client";

export const testimonialsQueryKey = ["/api/testimonials"] as const;

export function useTestimonials() {
  return useQuery({ queryKey: testimonialsQueryKey, queryFn: () => apiGet<Testimonial[]>("/api/testimonials") });
}
