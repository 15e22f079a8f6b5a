import { useQuery } from "@tanstack/react-query";
import type { CoachEarnings } from "../../../../contract/payouts";
import { apiGet } from "../../../lib/api-client";

export const coachEarningsQueryKey = ["/api/coaches/me/earnings"] as const;

/** This Week, Monthly Earnings (whole dollars) and Total Students, counted by the server from real bookings. */
export function useCoachEarnings() {
  return useQuery({ queryKey: coachEarningsQueryKey, queryFn: () => apiGet<CoachEarnings>("/api/coaches/me/earnings") });
}
