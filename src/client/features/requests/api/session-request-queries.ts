import type { Query, QueryClient } from "@tanstack/react-query";

/** Query keys are URLs first (src/client/lib/query-client.ts): every request list shares this prefix. */
export const SESSION_REQUESTS_URL = "/api/session-requests";

const startsWithAny = (prefixes: string[]) => (query: Query) => {
  const head = query.queryKey[0];
  return typeof head === "string" && prefixes.some((prefix) => head.startsWith(prefix));
};

/**
 * After a request changes, its lists change; an acceptance also makes a slot and a booking, so the
 * slot and booking lists refresh too.
 */
export function refreshAfterRequestChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: startsWithAny([SESSION_REQUESTS_URL, "/api/time-slots", "/api/bookings"]) });
}
