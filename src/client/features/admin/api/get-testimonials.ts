import { useQuery } from "@tanstack/react-query";
import type { Testimonial } from "../../../../contract/content";
import { apiGet } from "../../../lib/api-client";

/** The landing page reads the same key, so invalidating it after an admin change refreshes both. */
export const testimonialsQueryKey = ["/api/testimonials"] as const;

export const getTestimonials = () => apiGet<Testimonial[]>("/api/testimonials");

/** Already ordered by `order`, then id, by the server. */
export function useTestimonials() {
  return useQuery({ queryKey: testimonialsQueryKey, queryFn: getTestimonials });
}
