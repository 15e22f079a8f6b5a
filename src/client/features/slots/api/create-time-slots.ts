import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateSlotRequestSchema, CreateSlotSeriesResponse, TimeSlot } from "@contract/slots";
import { apiRequest } from "@client/lib/api-client";
import { slotsKeys } from "./keys";

/** What the client sends (the schema's input: optional fields may be left out). */
export type NewSlot = z.input<typeof CreateSlotRequestSchema>;

/** The dashboard sends one object; the slot manager sends an array, created all or nothing. */
export const createTimeSlot = (slot: NewSlot) => apiRequest<TimeSlot>("POST", "/api/time-slots", slot);
export const createTimeSlots = (slots: NewSlot[]) => apiRequest<TimeSlot[]>("POST", "/api/time-slots", slots);

export function useCreateTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimeSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
  });
}

export function useCreateTimeSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimeSlots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
  });
}

/** DESIGN.md 11: the same time every week for `repeatWeeks` weeks, answered with the weeks skipped. */
export const createTimeSlotSeries = (slot: NewSlot & { repeatWeeks: number }) =>
  apiRequest<CreateSlotSeriesResponse>("POST", "/api/time-slots", slot);

export function useCreateTimeSlotSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimeSlotSeries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
  });
}
