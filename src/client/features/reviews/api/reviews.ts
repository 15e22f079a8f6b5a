import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { OwnReview, ReplyToReviewRequest, SubmitReviewRequest } from "@contract/reviews";
import { apiGet, apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const reviewsKeys = {
  mine: ["/api/reviews/mine"] as const,
  allCoaches: ["/api/coaches/reviews"] as const,
};

/** GET /api/reviews/mine: the player's own reviews (which bookings are reviewed) or the coach's received ones. */
export function useMyReviews(enabled = true) {
  return useQuery({ queryKey: reviewsKeys.mine, queryFn: () => apiGet<OwnReview[]>("/api/reviews/mine"), enabled });
}

/** A new review or reply changes the lists and the coach's public figures. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewsKeys.mine }),
      queryClient.invalidateQueries({ queryKey: reviewsKeys.allCoaches }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.coachPublicProfiles }),
    ]);
}

export function useSubmitReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ bookingId, ...body }: SubmitReviewRequest & { bookingId: number }) =>
      apiRequest<OwnReview>("POST", `/api/bookings/${bookingId}/review`, body),
    onSuccess: refresh,
  });
}

export function useReplyToReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ reviewId, ...body }: ReplyToReviewRequest & { reviewId: number }) =>
      apiRequest<OwnReview>("POST", `/api/reviews/${reviewId}/reply`, body),
    onSuccess: refresh,
  });
}
