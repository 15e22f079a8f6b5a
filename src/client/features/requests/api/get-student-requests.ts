import { useQuery } from "@tanstack/react-query";
import { studentRequestsQuery } from "./keys";

export function useStudentRequests(enabled = true) {
  return useQuery({ ...studentRequestsQuery, enabled });
}
