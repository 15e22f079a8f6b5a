import { useQuery } from "@tanstack/react-query";
import type { SearchResultCoach } from "../../../../contract/search";
import { apiGet } from "../../../lib/api-client";
import type { SearchParams } from "../last-search";

/** GET /api/coaches/search: the position is sent as `specialization` (player-side 7). */
export function searchCoaches(params: SearchParams): Promise<SearchResultCoach[]> {
  const query = new URLSearchParams({
    specialization: params.position,
    zipcode: params.zipcode,
    radius: String(params.radius),
    includeUnavailable: String(params.includeUnavailable),
  });
  return apiGet<SearchResultCoach[]>(`/api/coaches/search?${query.toString()}`);
}

export function useCoachSearch(params: SearchParams | null) {
  return useQuery({
    queryKey: ["/api/coaches/search", params],
    queryFn: () => searchCoaches(params!),
    enabled: params !== null,
    // Availability changes as others book; a repeated search should show it.
    staleTime: 0,
  });
}
