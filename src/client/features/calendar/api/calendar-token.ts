import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { CalendarTokenResponse } from "@contract/calendar";
import { apiGet, apiRequest } from "@client/lib/api-client";

export const calendarKeys = { token: ["/api/calendar/token"] as const };

/** GET /api/calendar/token: made on first use, so it is fetched only when the user asks for the link. */
export function useCalendarToken(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.token, queryFn: () => apiGet<CalendarTokenResponse>("/api/calendar/token"), enabled });
}

export function useRevokeCalendarToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ success: boolean }>("DELETE", "/api/calendar/token"),
    onSuccess: () => queryClient.removeQueries({ queryKey: calendarKeys.token }),
  });
}
