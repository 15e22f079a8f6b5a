import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferences } from "@contract/notification-basics";
import type { UpdateNotificationPreferencesRequest } from "@contract/notifications";
import { apiGet, apiRequest } from "@client/lib/api-client";
import { useQuery } from "@client/lib/use-query";

const PREFERENCES_URL = "/api/notification-preferences";

export const notificationPreferencesQuery = queryOptions({
  queryKey: [PREFERENCES_URL] as const,
  queryFn: () => apiGet<NotificationPreferences>(PREFERENCES_URL),
});

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery);

/** One switch at a time; the answer (the whole set) replaces what is shown. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateNotificationPreferencesRequest) => apiRequest<NotificationPreferences>("PUT", PREFERENCES_URL, change),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQuery.queryKey, saved),
  });
}
