import { queryOptions } from "@tanstack/react-query";
import type { TimeSlot } from "@contract/slots";
import { apiGetAllPages } from "@client/lib/api-pages";
import { sharedKeys } from "@client/lib/query-keys";

/**
 * Every slot key starts with the slots URL, so one prefix invalidation (after a change, or when the
 * live channel announces one) refreshes every list of slots on screen.
 */
export const slotsKeys = {
  all: sharedKeys.slots,
  ofCoach: (coachId: number) => [...sharedKeys.slots, coachId, { includeBookingCounts: true }] as const,
};

/** Today's and later slots of a coach (the server starts at today in the coach's time zone). */
export const coachSlotsQuery = (coachId: number) =>
  queryOptions({
    queryKey: slotsKeys.ofCoach(coachId),
    queryFn: () => apiGetAllPages<TimeSlot>(`/api/time-slots/${coachId}?includeBookingCounts=true`),
  });
