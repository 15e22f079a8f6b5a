import { useQuery } from "@tanstack/react-query";
import { coachPublicProfileQuery } from "@client/lib/query-keys";
import { bookableSlotsQuery } from "./keys";

/** The public coach profile (header and rates) of the booking page; the same cache entry as the profile page's. */
export function useBookableCoach(coachId: number | null) {
  return useQuery({ ...coachPublicProfileQuery(coachId ?? 0), enabled: coachId !== null });
}

export function useBookableSlots(coachId: number | null) {
  return useQuery({ ...bookableSlotsQuery(coachId ?? 0), enabled: coachId !== null });
}
