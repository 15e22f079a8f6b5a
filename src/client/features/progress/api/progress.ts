import { queryOptions } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { CoachEarningsSeries, EarningsInterval } from "@contract/earnings";
import type { AthleteProgress } from "@contract/progress";
import { apiGet } from "@client/lib/api-client";

export type EarningsRange = { from: string; to: string; interval: EarningsInterval };

/** The URLs are the keys (ARCHITECTURE: URL first). */
export const progressKeys = {
  athlete: (athleteId: number) => [`/api/athletes/${athleteId}/progress`] as const,
  earnings: (range: EarningsRange) => ["/api/coach/earnings", range] as const,
};

export const earningsQueryString = (range: EarningsRange) =>
  new URLSearchParams({ from: range.from, to: range.to, interval: range.interval }).toString();

export const athleteProgressQuery = (athleteId: number) =>
  queryOptions({
    queryKey: progressKeys.athlete(athleteId),
    queryFn: () => apiGet<AthleteProgress>(`/api/athletes/${athleteId}/progress`),
  });

export function useAthleteProgress(athleteId: number) {
  return useQuery(athleteProgressQuery(athleteId));
}

export function useEarningsSeries(range: EarningsRange, enabled: boolean) {
  return useQuery({
    queryKey: progressKeys.earnings(range),
    queryFn: () => apiGet<CoachEarningsSeries>(`/api/coach/earnings?${earningsQueryString(range)}`),
    enabled,
  });
}
