import type { PlaceLink } from "@contract/place-pages";
import { apiGet } from "@client/lib/api-client";
import { useQuery } from "../../../lib/use-query";

/** The key starts with the URL it reads (lib/query-keys.ts); the server's renderer fills the same key. */
export const POPULAR_PLACES_KEY = ["/api/places/popular"] as const;

/** The places with most coaches (issue 44): the landing page links to their pages. */
export function usePopularPlaces(): PlaceLink[] {
  const places = useQuery({ queryKey: POPULAR_PLACES_KEY, queryFn: () => apiGet<PlaceLink[]>("/api/places/popular") });
  return places.data ?? [];
}
