import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CoachProfileRequest, CoachResponse } from "@contract/coaches";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const createCoachProfile = (profile: CoachProfileRequest) => apiRequest<CoachResponse>("POST", "/api/coaches", profile);
export const updateCoachProfile = (id: number, profile: CoachProfileRequest) =>
  apiRequest<CoachResponse>("PUT", `/api/coaches/${id}`, profile);

/** Creates the profile when there is none (POST), otherwise replaces its fields (PUT). */
export function useSaveCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coachId, profile }: { coachId: number | null; profile: CoachProfileRequest }) =>
      coachId === null ? createCoachProfile(profile) : updateCoachProfile(coachId, profile),
    onSuccess: (saved) => queryClient.setQueryData(sharedKeys.coachOfUser(saved.userId), saved),
  });
}
