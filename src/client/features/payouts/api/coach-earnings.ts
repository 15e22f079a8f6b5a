import { useQuery } from "../../../lib/use-query";
import { coachEarningsQuery } from "./keys";

export function useCoachEarnings() {
  return useQuery(coachEarningsQuery);
}
