import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PayHoldWithCreditResponse } from "@contract/bookings";
import type { Credit } from "@contract/packages";
import { apiGet, apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";
import { useQuery } from "../../../lib/use-query";
import { bookingsKeys } from "./keys";

/** The family's credits of one coach (the same URL key as the packages feature's, so both refresh together). */
export function useCoachCredits(coachId: number | undefined) {
  return useQuery({
    queryKey: ["/api/credits", coachId ?? "all"] as const,
    queryFn: () => apiGet<Credit[]>(`/api/credits?coachId=${coachId ?? 0}`),
    enabled: coachId !== undefined,
  });
}

/** How many active credits pay for a session of this kind and length (DESIGN.md 11). */
export function creditsLeftFor(credits: readonly Credit[] | undefined, session: { sessionType: string; duration: number }): number {
  return (credits ?? [])
    .filter((c) => c.state === "active" && c.remaining > 0 && c.sessionType === session.sessionType && c.duration === session.duration)
    .reduce((sum, c) => sum + c.remaining, 0);
}

/** POST /api/bookings/{id}/pay-with-credit (DESIGN.md 12): the hold (its whole checkout) paid with a credit per session, no card. */
export function usePayHoldWithCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) => apiRequest<PayHoldWithCreditResponse>("POST", `/api/bookings/${bookingId}/pay-with-credit`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.student });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.bookingsById });
      void queryClient.invalidateQueries({ queryKey: ["/api/credits"] });
    },
  });
}
