import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingRequest, SiblingBookingResponse } from "@contract/bookings";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";
import { bookingsKeys } from "./keys";

/** POST /api/bookings with `athleteIds` (DESIGN.md 12): a seat for each sibling in one request, all or none. */
export const bookSiblings = (input: Omit<BookingRequest, "athleteId"> & { athleteIds: number[] }) =>
  apiRequest<SiblingBookingResponse>("POST", "/api/bookings", input);

export function useBookSiblings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSiblings,
    // player-side 8: a 401 on booking is the page's own "Please Log In", back to this coach afterwards.
    meta: { unauthorizedIsAnswer: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.student });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.slots });
    },
  });
}
