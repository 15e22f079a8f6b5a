import { useQuery } from "@tanstack/react-query";
import type { CoachResponse } from "../../../../contract/coaches";
import { ApiError, apiGet } from "../../../lib/api-client";

export const coachProfileQueryKey = (userId: number) => ["/api/coaches/user", userId] as const;

/** The coach profile of a user, or null when they have none yet (404). */
export async function getCoachProfileOfUser(userId: number): Promise<CoachResponse | null> {
  try {
    return await apiGet<CoachResponse>(`/api/coaches/user/${userId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useCoachProfileOfUser(userId: number | undefined) {
  return useQuery({
    queryKey: coachProfileQueryKey(userId ?? 0),
    queryFn: () => getCoachProfileOfUser(userId!),
    enabled: userId !== undefined,
  });
}
