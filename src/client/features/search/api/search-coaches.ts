import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { SEARCH_NEXT_CURSOR_HEADER } from "../../../../contract/search-basics";
import type { SearchResultCoach } from "../../../../contract/search";
import type { TimeSlot } from "../../../../contract/slots";
import { apiGet, apiGetWithHeaders } from "../../../lib/api-client";
import type { SearchParams } from "../last-search";
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
  if (cursor) query.set("cursor", cursor);
  const { data, headers } = await apiGetWithHeaders<SearchResultCoach[]>(`/api/coaches/search?${query.toString()}`);
  return { coaches: data, nextCursor: headers.get(SEARCH_NEXT_CURSOR_HEADER) };
}

/** The search's pages so far; fetchNextPage loads the next nearest coaches while hasNextPage. */
export function useCoachSearch(params: SearchParams | null) {
  return useInfiniteQuery({
    queryKey: searchKeys.search(params),
    queryFn: ({ pageParam }) => searchCoaches(params!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: params !== null,
    // Availability changes as others book; a repeated search should show it.
    staleTime: 0,
  });
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
