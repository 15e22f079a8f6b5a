import { useQuery } from "@tanstack/react-query";
import { coachPublicProfileQuery } from "../../../lib/query-keys";

/** The profile page reads it fresh each visit: the next available slots change as others book. */
export function useCoachPublicProfile(coachId: number | null) {
  return useQuery({ ...coachPublicProfileQuery(coachId ?? 0), enabled: coachId !== null, staleTime: 0 });
}
