import { Router } from "express";
import { ListPageQuerySchema } from "@contract/paging";
import { parsePlacePath } from "@contract/place-pages";
import type { AppDeps } from "../../deps";
import { cachePublicRead } from "../../http/cache-headers";
import { notFound } from "../../http/errors";
import { badCursor, sendPage } from "../../http/list-page";
import { parseWith } from "../../http/validate-request";
import { getPlacePage, listPlaces, listPopularPlaces, PLACE_NOT_FOUND } from "./places.service";

/** Places per page of GET /api/places. */
const PLACES_PAGE_SIZE = 1000;

/** Place pages' data (DESIGN.md 12): public reads, the same for every visitor. */
export function placesRouter(deps: AppDeps): Router {
  const router = Router();

  // Every place with a public coach, by state and town; paged by position in that order (the cursor
  // is the number of places already sent).
  router.get("/places", async (req, res) => {
    const { cursor } = parseWith(ListPageQuerySchema, req.query);
    const places = await listPlaces(deps);
    const start = cursor ?? 0;
    if (start > places.length) throw badCursor();
    const items = places.slice(start, start + PLACES_PAGE_SIZE);
    cachePublicRead(res);
    sendPage(res, { items, nextCursor: start + PLACES_PAGE_SIZE < places.length ? String(start + PLACES_PAGE_SIZE) : null });
  });

  // The landing page's links (issue 44): a handful of places, most coaches first.
  router.get("/places/popular", async (_req, res) => {
    cachePublicRead(res);
    res.json(await listPopularPlaces(deps));
  });

  router.get("/places/:state/:city{/:position}", async (req, res) => {
    const { state = "", city = "", position } = req.params as { state?: string; city?: string; position?: string };
    // The same rule as the page's path: lower case, two-letter state, a known position.
    const place = parsePlacePath(`/coaches/${state}/${city}${position === undefined ? "" : `/${position}`}`);
    if (!place) throw notFound(PLACE_NOT_FOUND);
    cachePublicRead(res);
    res.json(await getPlacePage(deps, place.state, place.city, place.position));
  });

  return router;
}
