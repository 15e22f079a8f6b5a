import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CoachProfileRequest, CoachProfileUpdateRequest, CoachResponse } from "@contract/coaches";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

/** A new profile is whole (POST); an update sends any subset, e.g. only the onboarding's rates (PUT). */
type SaveCoachProfile = { coachId: null; profile: CoachProfileRequest } | { coachId: number; profile: CoachProfileUpdateRequest };

/** Creates the profile when there is none (POST), otherwise updates the given fields (PUT). */
export function useSaveCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coachId, profile }: SaveCoachProfile) =>
      coachId === null
        ? apiRequest<CoachResponse>("POST", "/api/coaches", profile)
        : apiRequest<CoachResponse>("PUT", `/api/coaches/${coachId}`, profile),
    onSuccess: async (saved, { coachId }) => {
      queryClient.setQueryData(sharedKeys.coachOfUser(saved.userId), saved);
      // A new profile gives the user a coachId.
      if (coachId === null) await queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser });
    },
  });
}
