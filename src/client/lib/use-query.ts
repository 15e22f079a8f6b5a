import { useQuery as useTanstackQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";

/**
 * React Query's useQuery, with each new result drawn in a transition: an answer's arrival re-renders
 * at once with the result before it (a loading state is still a loading state), then React draws the
 * new one in slices of a few milliseconds, so a phone's main thread is not held for the whole page
 * at once when its data comes in (Lighthouse's blocking time). Every client query goes through it.
 */
export const useQuery = ((...args: Parameters<typeof useTanstackQuery>) =>
  useDeferredValue(useTanstackQuery(...args))) as typeof useTanstackQuery;
