import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../contract/accounts";
import type { CoachProfileRequest, CoachProfileUpdateRequest, CoachResponse } from "../../../../contract/coaches";
import type { ZipLookup } from "../../../../contract/geo";
import type { z } from "zod";
import type { CreateSlotRequestSchema, TimeSlot } from "../../../../contract/slots";
import type { UpdateContactRequest } from "../../../../contract/users";
import { ApiError, apiGet, apiRequest } from "../../../lib/api-client";
import { currentUserQueryKey } from "../../../lib/current-user";

/**
 * The onboarding wizard's calls. The keys are the URLs the other features use (features do not
 * import each other), so the dashboard reads what the wizard saved without a refetch.
 */
export const coachProfileQueryKey = (userId: number) => ["/api/coaches/user", userId] as const;

/** The coach profile of a user, or null when they have none yet (404). */
export async function getCoachProfile(userId: number): Promise<CoachResponse | null> {
  try {
    return await apiGet<CoachResponse>(`/api/coaches/user/${userId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useCoachProfile(userId: number) {
  return useQuery({ queryKey: coachProfileQueryKey(userId), queryFn: () => getCoachProfile(userId) });
}

/** City, state and time zone of a 5-digit ZIP; null when the ZIP is unknown. */
export async function lookupZip(zip: string): Promise<ZipLookup | null> {
  try {
    return await apiGet<ZipLookup>(`/api/geo/zip/${encodeURIComponent(zip)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, contact }: { userId: number; contact: UpdateContactRequest }) =>
      apiRequest<CurrentUser>("PUT", `/api/users/${userId}`, contact),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
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
      queryClient.setQueryData(coachProfileQueryKey(saved.userId), saved);
      // A new profile gives the user a coachId.
      if (coachId === null) await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
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
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: coachProfileQueryKey(userId) }),
      ]),
  });
}

/** The onboarding sends its first slot as a single object with isAvailable (coach-side 7). */
export function useCreateFirstSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: z.input<typeof CreateSlotRequestSchema>) => apiRequest<TimeSlot>("POST", "/api/time-slots", slot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/time-slots"] }),
  });
}
