import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api-client";
import { slotsKeys } from "./keys";

/** DESIGN.md 11: `following` removes this week of a series and its later open weeks. */
export const deleteTimeSlot = ({ id, scope = "this" }: { id: number; scope?: "this" | "following" }) =>
  apiRequest<{ message: string; removedSlotIds?: number[] }>(
    "DELETE",
    scope === "following" ? `/api/time-slots/${id}?scope=following` : `/api/time-slots/${id}`,
  );

export function useDeleteTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
  });
}
