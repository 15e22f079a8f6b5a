import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { Booking } from "@contract/bookings";
import type {
  CancelSessionRequest,
  CancelSessionResponse,
  PayoutStatus,
  SubmitFeedbackRequest,
  SubmitFeedbackResponse,
} from "@contract/payouts";
import type { NoShowRequest, NoShowResponse, SkillOption } from "@contract/progress";
import { apiGet, apiRequest } from "@client/lib/api-client";
import type { UnauthorizedMeta } from "@client/lib/query-client";
import { sharedKeys } from "@client/lib/query-keys";
import { bookingsKeys, coachBookingsQuery } from "./keys";

/** A booking as the coach sees it; payoutStatus is read when the server sends it. */
export type CoachBooking = Booking & { payoutStatus?: PayoutStatus };

/** The coach's bookings: the dashboard and My Bookings share this one list. */
export function useCoachBookings(enabled = true, meta?: UnauthorizedMeta) {
  return useQuery({ ...coachBookingsQuery, enabled, meta });
}

/** A cancellation frees the slot and a payout changes the figures: every list that shows them refreshes. */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.bookingsById }),
    queryClient.invalidateQueries({ queryKey: bookingsKeys.coach }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.coachEarnings }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.slots }),
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
      queryClient.setQueryData<CoachBooking[]>(bookingsKeys.coach, (list) =>
        list?.map((b) =>
          b.id === answer.booking.id
            ? { ...b, feedbackSubmittedAt: answer.booking.feedbackSubmittedAt, payoutStatus: b.payoutStatus ?? answer.booking.payoutStatus }
            : b,
        ),
      );
    },
  });
}

/** The skills the feedback of this booking may rate (its athlete's position, DESIGN.md 11). */
export function useFeedbackSkills(bookingId: number | null) {
  return useQuery({
    queryKey: ["/api/skills", { bookingId }],
    queryFn: () => apiGet<SkillOption[]>(`/api/skills?bookingId=${bookingId}`),
    enabled: bookingId !== null,
    staleTime: Infinity,
  });
}

export const markNoShow = ({ bookingId, ...body }: NoShowRequest & { bookingId: number }) =>
  apiRequest<NoShowResponse>("POST", `/api/bookings/${bookingId}/no-show`, body);

export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNoShow, onSuccess: () => refreshAfterChange(queryClient) });
}
