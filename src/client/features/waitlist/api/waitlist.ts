import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { WaitlistEntry } from "@contract/waitlist";
import { apiGet, apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export function useMyWaitlist(enabled = true) {
  return useQuery({ queryKey: sharedKeys.myWaitlist, queryFn: () => apiGet<WaitlistEntry[]>("/api/waitlist/mine"), enabled });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slotId, athleteId }: { slotId: number; athleteId?: number | null }) =>
      apiRequest<WaitlistEntry>("POST", `/api/time-slots/${slotId}/waitlist`, athleteId ? { athleteId } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.myWaitlist }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => apiRequest<{ success: boolean }>("DELETE", `/api/waitlist/${entryId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.myWaitlist }),
  });
}
