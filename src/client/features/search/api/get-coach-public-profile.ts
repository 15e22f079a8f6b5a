import { useQuery } from "../../../lib/use-query";
import { isDrawnAsOnServer } from "@client/lib/hydration";
import { refetchUnlessJustFetched } from "@client/lib/just-fetched";
import { coachPublicProfileQuery } from "@client/lib/query-keys";

/**
 * The profile page reads it fresh each visit: the next available slots change as others book (the
 * router's request of the first page's data, seconds old, is that visit's read).
 */
export function useCoachPublicProfile(coachId: number | null) {
  return useQuery({
    ...coachPublicProfileQuery(coachId ?? 0),
    enabled: coachId !== null,
    staleTime: 0,
    refetchOnMount: refetchUnlessJustFetched,
    // An unknown coach drawn by the server reads as not found at once (lib/hydration.ts).
    retryOnMount: !isDrawnAsOnServer(),
  });
}
