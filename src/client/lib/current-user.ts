import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../contract/accounts";
import { apiGet } from "./api-client";
import { returnNullOn401 } from "./query-client";
import { sharedKeys } from "./query-keys";

/** The signed-in user; null when signed out (a 401 is not an error here), never retried. */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: sharedKeys.currentUser,
    queryFn: returnNullOn401(() => apiGet<CurrentUser>("/api/auth/user")),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data, error: query.error };
}
