import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/**
 * What the server writes beside a public page it drew (decision 016): the queries the page was
 * drawn from, each with its answer (or the API's error: an unknown coach), and the instant it was
 * drawn. A JSON data block (`<script type="application/json">`, which never runs: the CSP allows no
 * inline script), read and removed by main.tsx before hydrating. Its own small form rather than
 * React Query's dehydrate/hydrate, which would add to the script every page loads.
 */
export const PAGE_STATE_ELEMENT_ID = "page-state";

export type DrawnQuery = { key: QueryKey; data?: unknown; error?: { status: number; message: string } };
export type PageState = { queries: DrawnQuery[]; drawnAt: number };

/**
 * Puts a page's queries into the cache as the answers they were (an error as the API's error),
 * the same way on the server before drawing and in the browser before hydrating: each is "read"
 * from what the page carries, so it counts as read now and is not asked for again.
 */
export const putDrawnQueries = (queryClient: QueryClient, queries: readonly DrawnQuery[]): Promise<unknown> =>
  Promise.all(
    queries.map(({ key, data, error }) =>
      queryClient.prefetchQuery({
        queryKey: key,
        queryFn: () => (error ? Promise.reject(new ApiError(error.status, error.message)) : data),
      }),
    ),
  );

/** A JSON data block the server wrote into the page, read once (and removed); undefined when absent or not JSON. */
export function takeDataBlock<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  const text = element?.textContent;
  element?.remove();
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}
