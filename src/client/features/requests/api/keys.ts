import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { SessionRequest } from "@contract/requests";
import { apiGetAllPages } from "@client/lib/api-pages";
import { isUnderUrl, sharedKeys } from "@client/lib/query-keys";

/** Every request list's URL (and so its key) starts with this. */
export const SESSION_REQUESTS_URL = "/api/session-requests";

const coachRequestsUrl = (coachId: number) => `${SESSION_REQUESTS_URL}/coach/${coachId}`;
const studentRequestsUrl = `${SESSION_REQUESTS_URL}/student`;

export const requestsKeys = {
  ofCoach: (coachId: number) => [coachRequestsUrl(coachId)] as const,
  ofStudent: [studentRequestsUrl] as const,
};

export const coachRequestsQuery = (coachId: number) =>
  queryOptions({ queryKey: requestsKeys.ofCoach(coachId), queryFn: () => apiGetAllPages<SessionRequest>(coachRequestsUrl(coachId)) });

export const studentRequestsQuery = queryOptions({
  queryKey: requestsKeys.ofStudent,
  queryFn: () => apiGetAllPages<SessionRequest>(studentRequestsUrl),
});

/**
 * After a request changes, its lists change; an acceptance also makes a slot and a booking, so the
 * slot and booking lists refresh too.
 */
export function refreshAfterRequestChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isUnderUrl(SESSION_REQUESTS_URL, sharedKeys.slots[0], "/api/bookings") });
}
