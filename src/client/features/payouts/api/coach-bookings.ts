import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Booking } from "../../../../contract/bookings";
import type {
  CancelSessionRequest,
  CancelSessionResponse,
  PayoutStatus,
  SubmitFeedbackRequest,
  SubmitFeedbackResponse,
} from "../../../../contract/payouts";
import { apiGet, apiRequest } from "../../../lib/api-client";
import { coachEarningsQueryKey } from "./coach-earnings";

/**
 * The key is the URL, as in features/coaches and features/bookings, so the live channel's
 * "/api/bookings" prefix refresh and every other reader share one cache entry.
 */
export const coachBookingsQueryKey = ["/api/bookings/coach"] as const;

/** A booking as the coach sees it; payoutStatus is read when the server sends it. */
export type CoachBooking = Booking & { payoutStatus?: PayoutStatus };

export function useCoachBookings() {
  return useQuery({ queryKey: coachBookingsQueryKey, queryFn: () => apiGet<CoachBooking[]>("/api/bookings/coach") });
}

/** A cancellation frees the slot and a payout changes the figures: every list that shows them refreshes. */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["/api/bookings"] }),
    queryClient.invalidateQueries({ queryKey: coachBookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: coachEarningsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ["/api/time-slots"] }),
  ]);
}

export const cancelSession = ({ bookingId, ...body }: CancelSessionRequest & { bookingId: number }) =>
  apiRequest<CancelSessionResponse>("POST", `/api/bookings/${bookingId}/cancel`, body);

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSession, onSuccess: () => refreshAfterChange(queryClient) });
}

export const submitFeedback = ({ bookingId, ...body }: SubmitFeedbackRequest & { bookingId: number }) =>
  apiRequest<SubmitFeedbackResponse>("POST", `/api/bookings/${bookingId}/submit-feedback`, body);

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: async (answer) => {
      await refreshAfterChange(queryClient);
      // The answer knows whether the money went out; keep it if the list does not carry payoutStatus.
      queryClient.setQueryData<CoachBooking[]>(coachBookingsQueryKey, (list) =>
        list?.map((b) =>
          b.id === answer.booking.id
            ? { ...b, feedbackSubmittedAt: answer.booking.feedbackSubmittedAt, payoutStatus: b.payoutStatus ?? answer.booking.payoutStatus }
            : b,
        ),
      );
    },
  });
}
