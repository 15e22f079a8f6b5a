import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReverseNoShowResponse } from "@contract/progress";
import { apiRequest } from "@client/lib/api-client";
import { adminKeys } from "./keys";

/**
 * POST /api/admin/bookings/{id}/reverse-no-show: the family refunded in full and the coach's payout
 * taken back; on a no-show already reversed whose payout the coach still owes, the clawback is tried again.
 */
export const reverseNoShow = (bookingId: number) =>
  apiRequest<ReverseNoShowResponse>("POST", `/api/admin/bookings/${bookingId}/reverse-no-show`, {});

export function useReverseNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseNoShow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.moneyIssues }),
  });
}
