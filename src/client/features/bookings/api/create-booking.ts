import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingRequest, CreateBookingResponse } from "@contract/bookings";
import { apiRequest } from "@client/lib/api-client";
import { isUnderUrl, sharedKeys } from "@client/lib/query-keys";
import { bookingsKeys } from "./keys";

export const createBooking = (input: BookingRequest) => apiRequest<CreateBookingResponse>("POST", "/api/bookings", input);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // player-side 8: a 401 on booking is the page's own "Please Log In", back to this coach afterwards.
    meta: { unauthorizedIsAnswer: true },
    // A new booking takes a seat: the lists and the coach's slots change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.student });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.slots });
      // Booked with a credit (DESIGN.md 11): the balances change.
      void queryClient.invalidateQueries({ predicate: isUnderUrl("/api/credits") });
    },
  });
}
