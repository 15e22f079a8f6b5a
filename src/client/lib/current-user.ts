// Not lib/use-query.ts: who is signed in decides every route at once (after a sign-out the router
// must not see the user for one more render), so its answer is never drawn later.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../contract/accounts";
import { apiGet } from "./api-client";
import { takeDataBlock } from "./page-state";
import { returnNullOn401 } from "./query-client";
import { sharedKeys } from "./query-keys";

/**
 * The user the server wrote into the page (withPageUser in src/server/http/client-assets.ts), or
 * null when signed out, taken as the current user's first answer. Only the page's first load has
 * it (it is removed once read); without it (the development server) the query asks the API.
 */
export function seedCurrentUser(client: QueryClient): void {
  // Absent or not JSON: the query asks the API as before.
  const user = takeDataBlock<CurrentUser | null>("page-user");
  if (user !== undefined) client.setQueryData(sharedKeys.currentUser, user);
}

/** The signed-in user; null when signed out (a 401 is not an error here), never retried. */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: sharedKeys.currentUser,
    queryFn: returnNullOn401(() => apiGet<CurrentUser>("/api/auth/user")),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data, error: query.error };
}
