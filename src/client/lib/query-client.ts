import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorized } from "./api-client";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: UnauthorizedMeta;
    mutationMeta: UnauthorizedMeta;
  }
}

/** How a query or mutation wants its 401 handled, when not the default (player-side 8). */
export type UnauthorizedMeta = {
  /** A 401 is this call's own answer (sign-in: a wrong password; booking: "Please Log In"), not a session that ended. */
  unauthorizedIsAnswer?: boolean;
  /** Where a 401 sends the browser instead of /api/login (coach-side 8: My Bookings sends to /login). */
  loginUrl?: string;
};

/**
 * player-side 8, in one place: a 401 on any query or mutation says "You are logged out" and sends
 * the browser to sign in. A component checks `isUnauthorized(error)` only to skip its own message.
 * The handler loads with the first 401: visitors never need it (vite.config.ts, chunk "account").
 */
function onUnauthorized(error: unknown, meta: UnauthorizedMeta | undefined) {
  if (!isUnauthorized(error) || meta?.unauthorizedIsAnswer) return;
  void import("./handle-unauthorized").then(({ handleUnauthorized }) => handleUnauthorized(meta?.loginUrl));
}

/** A query that treats 401 as "no data" (the current-user lookup: signed out, not an error). */
export function returnNullOn401<T>(fn: () => Promise<T>): () => Promise<T | null> {
  return async () => {
    try {
      return await fn();
    } catch (error) {
      if (isUnauthorized(error)) return null;
      throw error;
    }
  };
}

/** player-side 9: data never goes stale, no refetch on window focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthorized(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => onUnauthorized(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
