import { useQuery } from "../../../lib/use-query";
import { coachSlotsQuery } from "./keys";

export function useCoachSlots(coachId: number | undefined) {
  return useQuery({ ...coachSlotsQuery(coachId ?? 0), enabled: coachId !== undefined });
}
