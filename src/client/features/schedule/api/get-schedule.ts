import { queryOptions } from "@tanstack/react-query";
import { SCHEDULE_API_PATH, type ScheduleResponse } from "@contract/schedule";
import { apiGet } from "@client/lib/api-client";
import { useQuery } from "@client/lib/use-query";

/** The service worker answers it from its copy when there is no connection (DESIGN 12). */
export const scheduleQuery = queryOptions({
  queryKey: [SCHEDULE_API_PATH] as const,
  queryFn: () => apiGet<ScheduleResponse>(SCHEDULE_API_PATH),
  retry: false,
});

export const useSchedule = () => useQuery(scheduleQuery);
