import type { SearchParams } from "../last-search";
import type { MatchFilters } from "./get-matches";

export const searchKeys = {
  search: (params: SearchParams | null) => ["/api/coaches/search", params] as const,
  recommendations: (filters: MatchFilters) => ["/api/coaches/recommendations", filters] as const,
  quickMatches: ["/api/coaches/quick-matches"] as const,
  availableSlots: (coachId: number) => ["/api/coaches", coachId, "available-slots"] as const,
};
