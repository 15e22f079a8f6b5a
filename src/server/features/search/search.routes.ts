import { Router } from "express";
import { RecommendationsQuerySchema, SEARCH_NEXT_CURSOR_HEADER, SearchCoachesQuerySchema, SearchMessages } from "@contract/search";
import type { AppDeps } from "../../deps";
import { cachePublicRead } from "../../http/cache-headers";
import { chooseJsonEncoding, sendEncoded } from "../../http/compress";
import { notFound } from "../../http/errors";
import { requireRole } from "../../http/require-session";
import { parseQuery } from "../../http/validate-request";
import { getCoachBookableSlots, getCoachProfile, quickMatches, recommendCoaches, searchCoaches } from "./search.service";

/** Finding coaches (player-side 2 and 7): public search, matching and the public coach profile. */
export function searchRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/coaches/search", async (req, res) => {
    const query = parseQuery(req, SearchCoachesQuerySchema);
    const { nextCursor, encoding, payload } = await searchCoaches(deps, query, (byteLength) => chooseJsonEncoding(req, byteLength));
    if (nextCursor) res.setHeader(SEARCH_NEXT_CURSOR_HEADER, nextCursor);
    // Already encoded JSON in the SearchResultCoach[] shape, sent without res.send's ETag hashing
    // of an answer that is different for almost every query anyway.
    sendEncoded(req, res, encoding, payload);
  });

  router.get("/coaches/recommendations", async (req, res) => {
    const filters = parseQuery(req, RecommendationsQuerySchema);
    res.json(await recommendCoaches(deps, req.user, filters));
  });

  router.get("/coaches/quick-matches", async (req, res) => {
    const player = requireRole(req, ["player", "admin"]);
    res.json(await quickMatches(deps, player));
  });

  router.get("/coaches/:id/available-slots", async (req, res) => {
    const raw = String(req.params.id);
    if (!/^\d{1,9}$/.test(raw)) throw notFound(SearchMessages.COACH_NOT_FOUND);
    res.json(await getCoachBookableSlots(deps, Number(raw)));
  });

  router.get("/coaches/:id/profile", async (req, res) => {
    // player-side 2: the id must be numeric; anything else names no coach.
    const raw = String(req.params.id);
    if (!/^\d{1,9}$/.test(raw)) throw notFound(SearchMessages.COACH_NOT_FOUND);
    const profile = await getCoachProfile(deps, Number(raw));
    cachePublicRead(res);
    res.json(profile);
  });

  return router;
}
