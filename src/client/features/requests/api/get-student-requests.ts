import { useQuery } from "@tanstack/react-query";
import type { SessionRequest } from "../../../../contract/requests";
import { apiGet } from "../../../lib/api-client";

export const studentRequestsUrl = "/api/session-requests/student";

export function useStudentRequests(enabled = true) {
  return useQuery({ queryKey: [studentRequestsUrl], queryFn: () => apiGet<SessionRequest[]>(studentRequestsUrl), enabled });
}
