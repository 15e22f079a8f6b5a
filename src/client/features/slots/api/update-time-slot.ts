import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TimeSlot, UpdateSlotRequestSchema } from "@contract/slots";
import { apiRequest } from "@client/lib/api-client";
import { slotsKeys } from "./keys";

export type SlotChanges = z.input<typeof UpdateSlotRequestSchema>;

export const updateTimeSlot = ({ id, changes }: { id: number; changes: SlotChanges }) =>
  apiRequest<TimeSlot>("PUT", `/api/time-slots/${id}`, changes);

export function useUpdateTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
  });
}
