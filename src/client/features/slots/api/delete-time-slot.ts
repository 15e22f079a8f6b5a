import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api-client";
import { slotsKeys } from "./keys";

export const deleteTimeSlot = (id: number) => apiRequest<{ message: string }>("DELETE", `/api/time-slots/${id}`);

export function useDeleteTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
  });
}
