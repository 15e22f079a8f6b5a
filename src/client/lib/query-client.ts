import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiGet, isUnauthorized } from "./api-client";

/** The default query reads the URL in the first key segment. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(String(queryKey[0]));

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
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
