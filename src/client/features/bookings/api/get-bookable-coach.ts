import { useQuery } from "../../../lib/use-query";
import type { TimeSlot } from "@contract/slots";
import { apiGet } from "@client/lib/api-client";
import { isDrawnAsOnServer } from "@client/lib/hydration";
import { coachPublicProfileQuery, sharedKeys } from "@client/lib/query-keys";
import { bookableSlotsQuery } from "./keys";

/** The public coach profile (header and rates) of the booking page; the same cache entry as the profile page's. */
export function useBookableCoach(coachId: number | null) {
  // An unknown coach drawn by the server reads as not found at once (lib/hydration.ts).
  return useQuery({ ...coachPublicProfileQuery(coachId ?? 0), enabled: coachId !== null, retryOnMount: !isDrawnAsOnServer() });
}

export function useBookableSlots(coachId: number | null) {
  return useQuery({ ...bookableSlotsQuery(coachId ?? 0), enabled: coachId !== null });
}

/**
 * The seats still open in a group slot (capacity less the seats paid or held), read from the slot
 * itself: the coach's list of slots leaves the count out. Asked only when a family could take more
 * than one seat (siblings in one session, DESIGN.md 11).
 */
export function useSeatsLeft(slotId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...sharedKeys.slots, "single", slotId],
    queryFn: () => apiGet<TimeSlot>(`/api/time-slots/single/${slotId}`),
    enabled: enabled && slotId !== null,
    select: (slot) => Math.max(0, slot.capacity - (slot.bookingCount ?? 0)),
  });
}
