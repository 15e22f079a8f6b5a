/**
 * For a query read fresh on every visit (staleTime 0): on mount it is asked for again unless its data
 * is seconds old, as when the router asked for the first page's data while the page's code loaded
 * (app/router.tsx). Otherwise that first visit would send the same request twice.
 */
export const JUST_FETCHED_MS = 5_000;
export const refetchUnlessJustFetched = (query: { state: { dataUpdatedAt: number } }): boolean =>
  Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS;
