import { useQuery } from "../../../lib/use-query";
import { coachOfUserQuery } from "@client/lib/query-keys";

/** The coach profile of a user, or null when they have none yet. */
export function useCoachProfileOfUser(userId: number | undefined) {
  return useQuery({ ...coachOfUserQuery(userId ?? 0), enabled: userId !== undefined });
}
