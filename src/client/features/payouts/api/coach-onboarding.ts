import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@contract/accounts";
import type { CoachProfileRequest, CoachProfileUpdateRequest, CoachResponse } from "@contract/coaches";
import type { z } from "zod";
import type { CreateSlotRequestSchema, TimeSlot } from "@contract/slots";
import type { UpdateContactRequest } from "@contract/users";
import { apiRequest } from "@client/lib/api-client";
import { coachOfUserQuery, sharedKeys } from "@client/lib/query-keys";

/** The onboarding wizard's calls; the coach profile is the shared entry the dashboard reads too. */
export function useCoachProfile(userId: number) {
  return useQuery(coachOfUserQuery(userId));
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, contact }: { userId: number; contact: UpdateContactRequest }) =>
      apiRequest<CurrentUser>("PUT", `/api/users/${userId}`, contact),
    onSuccess: (user) => queryClient.setQueryData(sharedKeys.currentUser, user),
  });
}

/** Creates the profile when there is none (POST), otherwise updates the given fields (PUT). */
export function useSaveCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coachId, profile }: { coachId: number | null; profile: CoachProfileUpdateRequest }) =>
      coachId === null
        ? apiRequest<CoachResponse>("POST", "/api/coaches", profile as CoachProfileRequest)
        : apiRequest<CoachResponse>("PUT", `/api/coaches/${coachId}`, profile),
    onSuccess: async (saved, { coachId }) => {
      queryClient.setQueryData(sharedKeys.coachOfUser(saved.userId), saved);
      // A new profile gives the user a coachId.
      if (coachId === null) await queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser });
    },
  });
}

/** POST /api/upload/profile-image (field "image"): the image becomes the user's and their coach profile's photo at once. */
export function useUploadProfileImage(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("image", file);
      return apiRequest<{ url: string }>("POST", "/api/upload/profile-image", form);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.coachOfUser(userId) }),
      ]),
  });
}

/** The onboarding sends its first slot as a single object with isAvailable (coach-side 7). */
export function useCreateFirstSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: z.input<typeof CreateSlotRequestSchema>) => apiRequest<TimeSlot>("POST", "/api/time-slots", slot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.slots }),
  });
}
