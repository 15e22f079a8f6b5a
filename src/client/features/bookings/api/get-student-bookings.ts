import { useQuery } from "../../../lib/use-query";
import type { UnauthorizedMeta } from "@client/lib/query-client";
import { studentBookingsQuery } from "./keys";

export function useStudentBookings(enabled = true, meta?: UnauthorizedMeta) {
  return useQuery({ ...studentBookingsQuery, enabled, meta });
}
