import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { useInfiniteQuery, useQuery } from "../../../lib/use-query";
import { SEARCH_NEXT_CURSOR_HEADER } from "@contract/search-basics";
import type { SearchResultCoach } from "@contract/search";
import type { TimeSlot } from "@contract/slots";
import { apiGet, apiGetWithHeaders } from "@client/lib/api-client";
import { refetchUnlessJustFetched } from "@client/lib/just-fetched";
import { restoredSearch, searchProblem, type SearchParams } from "../last-search";
import { searchKeys } from "./keys";

export type SearchPage = { coaches: SearchResultCoach[]; nextCursor: string | null };

/** GET /api/coaches/search: the position is sent as `specialization` (player-side 7); one page per call. */
export async function searchCoaches(params: SearchParams, cursor?: string | null): Promise<SearchPage> {
  const query = new URLSearchParams({
    specialization: params.position,
    zipcode: params.zipcode,
    radius: String(params.radius),
    includeUnavailable: String(params.includeUnavailable),
  });
  // Sent only when asked, so the usual search's address (and its cached answer) stays as it was.
  if (params.verified) query.set("verified", "true");
  if (cursor) query.set("cursor", cursor);
  const { data, headers } = await apiGetWithHeaders<SearchResultCoach[]>(`/api/coaches/search?${query.toString()}`);
  return { coaches: data, nextCursor: headers.get(SEARCH_NEXT_CURSOR_HEADER) };
}

const coachSearchQuery = (params: SearchParams | null) =>
  infiniteQueryOptions({
    queryKey: searchKeys.search(params),
    queryFn: ({ pageParam }) => searchCoaches(params!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The search's pages so far; fetchNextPage loads the next nearest coaches while hasNextPage. */
export function useCoachSearch(params: SearchParams | null) {
  return useInfiniteQuery({
    ...coachSearchQuery(params),
    enabled: params !== null,
    // Availability changes as others book; a repeated search should show it (the router's request
    // of the opening search, seconds old, is that visit's search).
    staleTime: 0,
    refetchOnMount: refetchUnlessJustFetched,
  });
}

/**
 * The first page of the search /find-coaches opens with (its address's query or the last search),
 * asked for while the page's code loads: the router calls it when the app opens at /find-coaches.
 */
export function prefetchOpeningSearch(queryClient: QueryClient, search: string): void {
  const params = restoredSearch(search);
  if (params && !searchProblem(params)) void queryClient.prefetchInfiniteQuery(coachSearchQuery(params));
}

/** Every time a player can book now with one coach, for a search card's "Show more". */
export function useAllCoachTimes(coachId: number, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.availableSlots(coachId),
    queryFn: () => apiGet<TimeSlot[]>(`/api/coaches/${coachId}/available-slots`),
    enabled,
    staleTime: 0,
  });
}
