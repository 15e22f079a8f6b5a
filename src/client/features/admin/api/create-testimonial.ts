import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Testimonial, TestimonialCreate } from "@contract/content";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const createTestimonial = (values: TestimonialCreate) => apiRequest<Testimonial>("POST", "/api/admin/testimonials", values);

export function useCreateTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestimonial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.testimonials }),
  });
}
