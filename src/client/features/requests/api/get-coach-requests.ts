import { useQuery } from "../../../lib/use-query";
import { coachRequestsQuery } from "./keys";

export function useCoachRequests(coachId: number | undefined) {
  return useQuery({ ...coachRequestsQuery(coachId ?? 0), enabled: coachId !== undefined });
}
