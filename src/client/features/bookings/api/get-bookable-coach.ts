import { useQuery } from "@tanstack/react-query";
import type { CoachProfile } from "../../../../contract/search";
import type { TimeSlot } from "../../../../contract/slots";
import { apiGet } from "../../../lib/api-client";

/** The public coach profile (header and rates) of the booking page. */
export function useBookableCoach(coachId: number | null) {
  return useQuery({
    queryKey: ["/api/coaches", coachId, "profile"],
    queryFn: () => apiGet<CoachProfile>(`/api/coaches/${coachId}/profile`),
    enabled: coachId !== null,
  });
}

/** Every slot of the coach from today on (the profile carries only the next few). */
export function useBookableSlots(coachId: number | null) {
  return useQuery({
    queryKey: ["/api/time-slots", coachId, "bookable"],
    queryFn: () => apiGet<TimeSlot[]>(`/api/time-slots/${coachId}`),
    enabled: coachId !== null,
  });
}
