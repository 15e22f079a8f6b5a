import { useQuery } from "@tanstack/react-query";
import type { CoachProfile } from "../../../../contract/search";
import { apiGet } from "../../../lib/api-client";

/** GET /api/coaches/{id}/profile: what any signed-in user sees of a coach, with the next available slots. */
export function useCoachPublicProfile(coachId: number | null) {
  return useQuery({
    queryKey: ["/api/coaches/profile", coachId],
    queryFn: () => apiGet<CoachProfile>(`/api/coaches/${coachId}/profile`),
    enabled: coachId !== null,
    staleTime: 0,
  });
}
