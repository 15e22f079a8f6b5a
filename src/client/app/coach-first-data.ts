import type { QueryClient } from "@tanstack/react-query";
import { coachOfUserQuery } from "../lib/query-keys";
import { coachBookingsQuery } from "../features/bookings/api/keys";
import { coachEarningsQuery, paymentAccountStatusQuery } from "../features/payouts/api/keys";
import { coachRequestsQuery } from "../features/requests/api/keys";
import { coachSlotsQuery } from "../features/slots/api/keys";

/**
 * What a coach's first page reads before it can draw, asked for beside the page's chunk (router.tsx,
 * firstDataByPath) instead of once the chunk has loaded and rendered: on a phone each of those
 * chains was a round trip more before the largest text showed. The same entries the pages read,
 * so a page that renders later finds them in the cache (or in flight) and asks for nothing again.
 */
export function prefetchPaymentAccount(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(paymentAccountStatusQuery);
}

/** The dashboard's first screen: the profile (then its slots and requests), payouts, figures and sessions. */
export function prefetchCoachDashboard(queryClient: QueryClient, userId: number): void {
  prefetchPaymentAccount(queryClient);
  void queryClient.prefetchQuery(coachEarningsQuery);
  void queryClient.prefetchQuery(coachBookingsQuery);
  void queryClient.fetchQuery(coachOfUserQuery(userId)).then(
    (coach) => {
      if (!coach) return;
      void queryClient.prefetchQuery(coachSlotsQuery(coach.id));
      void queryClient.prefetchQuery(coachRequestsQuery(coach.id));
    },
    () => undefined, // the page asks again when it renders, and shows its own error
  );
}
