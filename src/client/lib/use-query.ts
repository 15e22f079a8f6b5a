import {
  useInfiniteQuery as useTanstackInfiniteQuery,
  useQuery as useTanstackQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type QueryState,
} from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";

/** What a render shows of a query: a change to any of it is a reason to draw again. */
const stateKey = (state: QueryState | undefined) =>
  state ? `${state.status}:${state.fetchStatus}:${state.dataUpdatedAt}:${state.errorUpdatedAt}:${state.isInvalidated}` : "";

/**
 * React Query's useQuery, with every change of the query (an answer, an error, a fetch starting or
 * ending) drawn in a transition, which React renders in slices of a few milliseconds. React
 * Query's own hook re-renders through useSyncExternalStore, whose updates React always renders at
 * once, in one task: when a dashboard's five reads came in, its whole page was drawn in a task of
 * 300-600 ms on a simulated phone (Lighthouse's blocking time). Here the hook asks React Query for
 * no re-renders (`notifyOnChangeProps: []`) and listens to the query cache itself; each render
 * still reads the query's current result. Every client query but the signed-in user's goes
 * through it (eslint.config.js): the router decides each page on that one at once.
 */
export const useQuery = drawnInTransitions(useTanstackQuery);

/**
 * React Query's useInfiniteQuery, drawn the same way: an answer, a next page, a message added to
 * the cache each drawn in a transition. The coach dashboard's packages and credits (two paged lists
 * below its first screen) were drawn at once when their answers came, in tasks of 70-180 ms on
 * Lighthouse's simulated phone.
 */
export const useInfiniteQuery = drawnInTransitions(useTanstackInfiniteQuery);

/** React Query's hook asked for no re-renders of its own, and drawn again in transitions instead. */
function drawnInTransitions<Hook extends typeof useTanstackQuery | typeof useTanstackInfiniteQuery>(hook: Hook): Hook {
  return function useDrawnInTransitions(options: { queryKey: QueryKey }, queryClient?: QueryClient) {
    const client = useQueryClient(queryClient);
    const result = (hook as (options: object, client: QueryClient) => unknown)({ ...options, notifyOnChangeProps: [] }, client);
    useRedrawnInTransitions(client, options);
    return result;
  } as Hook;
}

/** Draws the component again, in a transition, whenever its query's state in the cache changes. */
function useRedrawnInTransitions(client: QueryClient, options: { queryKey: QueryKey }) {
  const [, redraw] = useState(0);
  const { queryHash } = client.defaultQueryOptions(options);
  const cache = client.getQueryCache();
  const drawn = stateKey(cache.get(queryHash)?.state);
  useEffect(() => {
    const later = () => startTransition(() => redraw((n) => n + 1));
    const unsubscribe = cache.subscribe((event) => {
      if (event.query.queryHash === queryHash && (event.type === "updated" || event.type === "added" || event.type === "removed")) later();
    });
    // A change made while React was drawing this render (an answer between render and commit).
    if (stateKey(cache.get(queryHash)?.state) !== drawn) later();
    return unsubscribe;
  }, [cache, queryHash, drawn]);
}
