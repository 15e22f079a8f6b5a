import { useQuery } from "@tanstack/react-query";
import { coachEarningsQuery } from "./keys";

export function useCoachEarnings() {
  return useQuery(coachEarningsQuery);
}
