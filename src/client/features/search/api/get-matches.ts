import { useQuery } from "../../../lib/use-query";
import type { Athlete } from "@contract/families";
import { DEFAULT_MATCH_DISTANCE } from "@contract/search-basics";
import type { MatchedCoach } from "@contract/search";
import { apiGet } from "@client/lib/api-client";
import { searchKeys } from "./keys";

/** The custom-search filters as the form holds them (player-side 5, matching filters). */
export type MatchFilters = {
  position: string;
  ageGroup: string;
  skillLevel: string;
  specialties: string[];
  minPrice: string;
  maxPrice: string;
  maxDistance: string;
  /** DESIGN 12: only coaches with a current SafeSport training and background check (`verified=true`). */
  verified?: boolean;
};

/**
 * Quick Match for one athlete of the family (DESIGN.md 11): their position, age group, skill level
 * and goals, within the account's travel distance (the distance's origin is the account's ZIP,
 * which the server reads).
 */
export function athleteMatchFilters(
  athlete: Pick<Athlete, "position" | "ageGroup" | "skillLevel" | "goals">,
  maxTravelDistance: number | null | undefined,
): MatchFilters {
  return {
    position: athlete.position ?? "",
    ageGroup: athlete.ageGroup ?? "",
    skillLevel: athlete.skillLevel ?? "",
    specialties: athlete.goals,
    minPrice: "",
    maxPrice: "",
    maxDistance: String(maxTravelDistance ?? DEFAULT_MATCH_DISTANCE),
  };
}

/** player-side 7: any failure reads "Failed to fetch recommendations". */
export const RECOMMENDATIONS_FAILED = "Failed to fetch recommendations";

export function getRecommendations(filters: MatchFilters): Promise<MatchedCoach[]> {
  const query = new URLSearchParams();
  if (filters.position) query.set("position", filters.position);
  if (filters.ageGroup) query.set("ageGroup", filters.ageGroup);
  if (filters.skillLevel) query.set("skillLevel", filters.skillLevel);
  if (filters.specialties.length > 0) query.set("specialties", filters.specialties.join(","));
  if (filters.minPrice.trim()) query.set("minPrice", filters.minPrice.trim());
  if (filters.maxPrice.trim()) query.set("maxPrice", filters.maxPrice.trim());
  if (filters.maxDistance.trim()) query.set("maxDistance", filters.maxDistance.trim());
  if (filters.verified) query.set("verified", "true");
  return apiGet<MatchedCoach[]>(`/api/coaches/recommendations?${query.toString()}`);
}

export function useRecommendations(filters: MatchFilters, enabled: boolean) {
  return useQuery({ queryKey: searchKeys.recommendations(filters), queryFn: () => getRecommendations(filters), enabled });
}

/**
 * GET /api/coaches/quick-matches: matches from the signed-in player's saved preferences. It takes no
 * filter, so "Verified coaches only" keeps the screened ones here (public answers carry only current badges).
 */
export function useQuickMatches(enabled: boolean, verified = false) {
  return useQuery({
    queryKey: searchKeys.quickMatches,
    queryFn: () => apiGet<MatchedCoach[]>("/api/coaches/quick-matches"),
    enabled,
    select: verified ? (coaches: MatchedCoach[]) => coaches.filter(isScreenedListing) : undefined,
  });
}

function isScreenedListing(coach: Pick<MatchedCoach, "badges">): boolean {
  return ["safesport", "background_check"].every((kind) => coach.badges.some((b) => b.kind === kind));
}
