import { queryOptions } from "@tanstack/react-query";
import type { Position } from "@contract/coach-basics";
import { slugOfPosition, type PlacePage } from "@contract/place-pages";
import { apiGet } from "@client/lib/api-client";
import { isDrawnAsOnServer } from "@client/lib/hydration";
import { useQuery } from "../../../lib/use-query";

/** The key starts with the URL it reads (lib/query-keys.ts); the server's renderer fills the same key. */
export const placePageQuery = (state: string, city: string, position: Position | null) =>
  queryOptions({
    queryKey: ["/api/places", state, city, position ? slugOfPosition(position) : null] as const,
    queryFn: () =>
      apiGet<PlacePage>(
        `/api/places/${encodeURIComponent(state)}/${encodeURIComponent(city)}${position ? `/${slugOfPosition(position)}` : ""}`,
      ),
    retry: false,
  });

export function usePlacePage(place: { state: string; city: string; position: Position | null } | null) {
  // A place drawn by the server as empty (its 404) is not asked again while hydrating (decision 016).
  return useQuery({
    ...placePageQuery(place?.state ?? "", place?.city ?? "", place?.position ?? null),
    enabled: place !== null,
    retryOnMount: !isDrawnAsOnServer(),
  });
}
