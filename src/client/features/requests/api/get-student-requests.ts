import { useQuery } from "../../../lib/use-query";
import { studentRequestsQuery } from "./keys";

export function useStudentRequests(enabled = true) {
  return useQuery({ ...studentRequestsQuery, enabled });
}
