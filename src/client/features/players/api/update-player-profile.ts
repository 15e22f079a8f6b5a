import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@contract/accounts";
import type { UpdatePlayerProfileRequest, UpdatePreferencesRequest } from "@contract/users";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export function updatePlayerProfile(body: UpdatePlayerProfileRequest): Promise<CurrentUser> {
  return apiRequest<CurrentUser>("PATCH", "/api/users/profile", body);
}

export function updatePreferences(body: UpdatePreferencesRequest): Promise<CurrentUser> {
  return apiRequest<CurrentUser>("PUT", "/api/user/preferences", body);
}

/**
 * Saves the player fields, then the playing preferences, and refreshes the current user so the
 * setup gate and every prefilled form see the new values.
 */
export function useSavePlayerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, preferences }: { profile: UpdatePlayerProfileRequest; preferences?: UpdatePreferencesRequest }) => {
      let user = await updatePlayerProfile(profile);
      if (preferences) user = await updatePreferences(preferences);
      return user;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(sharedKeys.currentUser, user);
      await queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser });
    },
  });
}
