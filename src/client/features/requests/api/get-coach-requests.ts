import { useQuery } from "@tanstack/react-query";
import type { SessionRequest } from "../../../../contract/requests";
import { apiGet } from "../../../lib/api-client";

export const coachRequestsUrl = (coachId: number) => `/api/session-requests/coach/${coachId}`;

export function useCoachRequests(coachId: number | undefined) {
  return useQuery({
    queryKey: [coachRequestsUrl(coachId ?? 0)],
    queryFn: () => apiGet<SessionRequest[]>(coachRequestsUrl(coachId!)),
    enabled: coachId !== undefined,
  });
}
