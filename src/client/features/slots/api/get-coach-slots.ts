import { useQuery } from "@tanstack/react-query";
import type { TimeSlot } from "../../../../contract/slots";
import { apiGet } from "../../../lib/api-client";

/**
 * Every slot query key starts with this URL, so one prefix invalidation (after a change, or when the
 * live channel announces one) refreshes every list of slots on screen.
 */
export const slotsQueryKeyRoot = "/api/time-slots";
export const coachSlotsQueryKey = (coachId: number) => [slotsQueryKeyRoot, coachId, { includeBookingCounts: true }] as const;

/** Today's and later slots of a coach (the server starts at today in the coach's time zone). */
export const getCoachSlots = (coachId: number) => apiGet<TimeSlot[]>(`/api/time-slots/${coachId}?includeBookingCounts=true`);

export function useCoachSlots(coachId: number | undefined) {
  return useQuery({
    queryKey: coachSlotsQueryKey(coachId ?? 0),
    queryFn: () => getCoachSlots(coachId!),
    enabled: coachId !== undefined,
  });
}
