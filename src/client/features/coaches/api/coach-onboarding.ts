import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateSlotRequestSchema, TimeSlot } from "@contract/slots";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

/** The onboarding wizard's own calls; the profile and the contact details are saved as on the profile page. */

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
