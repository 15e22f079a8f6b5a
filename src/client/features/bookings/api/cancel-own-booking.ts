import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Booking } from "@contract/bookings";
import { apiRequest } from "@client/lib/api-client";
import type { UnauthorizedMeta } from "@client/lib/query-client";
import { isUnderUrl, sharedKeys } from "@client/lib/query-keys";
import { bookingsKeys } from "./keys";

export type CancelOwnBookingResponse = { success: boolean; message: string; booking: Booking };

/** DELETE /api/bookings/{id}: the student cancels their own booking (DESIGN.md 10). */
export function useCancelOwnBooking(meta?: UnauthorizedMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (bookingId: number) => apiRequest<CancelOwnBookingResponse>("DELETE", `/api/bookings/${bookingId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsKeys.student }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.slots }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.myWaitlist }),
        // A session paid with a credit gives it back (DESIGN.md 11): the balances change.
        queryClient.invalidateQueries({ predicate: isUnderUrl("/api/credits") }),
      ]),
  });
}
