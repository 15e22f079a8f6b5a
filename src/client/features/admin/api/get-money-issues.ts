import { queryOptions } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { MoneyIssues } from "@contract/money-issues";
import { apiGet } from "@client/lib/api-client";
import { adminKeys } from "./keys";

export const moneyIssuesQuery = queryOptions({
  queryKey: adminKeys.moneyIssues,
  queryFn: () => apiGet<MoneyIssues>("/api/admin/money-issues"),
});

/** Disputes, and refunds and payouts being retried or stopped: what needs a person's attention about money. */
export function useMoneyIssues() {
  return useQuery(moneyIssuesQuery);
}
