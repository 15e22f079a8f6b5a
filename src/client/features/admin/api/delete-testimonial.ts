import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const deleteTestimonial = (id: number) => apiRequest<void>("DELETE", `/api/admin/testimonials/${id}`);

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTestimonial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.testimonials }),
  });
}
