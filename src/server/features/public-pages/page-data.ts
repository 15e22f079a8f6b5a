import type { LoadedPublicData, PublicPageNeed } from "@contract/pages";
import { SearchCoachesQuerySchema } from "@contract/search";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import { parseWith } from "../../http/validate-request";
import * as content from "../content/content.service";
import { listPopularPlaces } from "../places/places.service";
import { searchCoaches } from "../search/search.service";
import { listSlots } from "../slots/slots.service";
import type { PageReads } from "./page-reads";

/** A value as the API's JSON carries it (dates as text, no undefined fields): what the client's query would hold. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * What the API answers a visitor for a public page's read (contract/pages.ts, PublicPageNeed),
 * from the same services as its routes, not over HTTP: GET /api/coaches/{id}/profile,
 * /api/time-slots/{coachId}, /api/coaches/search (first page), /api/content-blocks,
 * /api/testimonials, /api/public-figures, /api/places/popular and /api/places/{state}/{city}[/{position}].
 */
async function answer(deps: AppDeps, need: PublicPageNeed, reads: PageReads): Promise<{ data: unknown; nextCursor?: string | null }> {
  switch (need.kind) {
    case "coach-profile":
      return { data: await reads.coachProfile(need.coachId) };
    case "bookable-slots":
      // A visitor is no one's coach: the public slots, as the route answers without a session.
      return { data: (await listSlots(deps, undefined, need.coachId, { includeBookingCounts: false })).items };
    case "search": {
      const { position, zipcode, radius, includeUnavailable, verified } = need.params;
      const query = parseWith(SearchCoachesQuerySchema, {
        specialization: position,
        zipcode,
        radius: String(radius),
        includeUnavailable: String(includeUnavailable),
        ...(verified ? { verified: "true" } : {}),
      });
      const { nextCursor, payload } = await searchCoaches(deps, query, () => "identity");
      return { data: JSON.parse(payload.toString("utf8")) as unknown, nextCursor };
    }
    case "content-blocks":
      return { data: await content.listContentBlocks(deps) };
    case "testimonials":
      return { data: await content.listTestimonials(deps) };
    case "public-figures":
      return { data: await content.getPublicFigures(deps) };
    case "popular-places":
      return { data: await listPopularPlaces(deps) };
    case "place":
      // The need comes from parsePlacePath, the rule the route checks the path with first.
      return { data: await reads.placePage(need.state, need.city, need.position) };
  }
}

/** A need's answer; a refusal the API would answer with a 4xx (an unknown coach, a ZIP code it cannot place) as its status and message. */
export async function loadPublicData(deps: AppDeps, need: PublicPageNeed, reads: PageReads): Promise<LoadedPublicData> {
  try {
    const { data, nextCursor } = await answer(deps, need, reads);
    return { need, found: true, data: need.kind === "search" ? data : asJson(data), ...(nextCursor !== undefined ? { nextCursor } : {}) };
  } catch (error) {
    if (error instanceof AppError && error.status >= 400 && error.status < 500) {
      return { need, found: false, status: error.status, message: error.message };
    }
    throw error;
  }
}
