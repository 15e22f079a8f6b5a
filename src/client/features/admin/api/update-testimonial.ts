import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Testimonial, TestimonialUpdate } from "@contract/content";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const updateTestimonial = ({ id, changes }: { id: number; changes: TestimonialUpdate }) =>
  apiRequest<Testimonial>("PUT", `/api/admin/testimonials/${id}`, changes);

export function useUpdateTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTestimonial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.testimonials }),
  });
}
