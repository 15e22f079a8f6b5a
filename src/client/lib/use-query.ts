import { useQuery as useTanstackQuery } from "@tanstack/react-query";
import { useDeferredValue, useRef } from "react";

type QueryResult = ReturnType<typeof useTanstackQuery>;

/**
 * React Query's useQuery, with each new answer drawn in a transition: when an answer (or an error)
 * arrives, the component renders at once with the result before it (a loading state is still a
 * loading state), then React draws the new one in slices of a few milliseconds, so a phone's main
 * thread is not held for the whole page at once when its data comes in (Lighthouse's blocking
 * time). Only an answer defers: a render for any other reason gets the current result (React
 * Query makes a new result object each render, so deferring the object itself would draw every
 * such render twice). Every client query but the signed-in user's goes through it (eslint.config.js).
 */
export const useQuery = ((...args: Parameters<typeof useTanstackQuery>) => {
  const result = useTanstackQuery(...args);
  // What changes when an answer or an error arrives (read through the result, so React Query
  // re-renders on them, as it does for any property read).
  const answer = `${result.status}:${result.dataUpdatedAt}:${result.errorUpdatedAt}`;
  const shown = useDeferredValue(answer);
  // The result last drawn, with its answer: kept while the next answer waits its turn.
  const drawn = useRef<[string, QueryResult] | null>(null);
  if (shown === answer || drawn.current?.[0] !== shown) drawn.current = [answer, result];
  return drawn.current[1];
}) as typeof useTanstackQuery;
