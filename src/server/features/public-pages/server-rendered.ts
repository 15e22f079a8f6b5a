import type { LoadedPublicData, PublicPageRenderer } from "@contract/pages";
import type { AppDeps } from "../../deps";
import { perDatabase } from "../search/per-database";
import { loadPublicData } from "./page-data";
import type { PageReads } from "./page-reads";
import { createRenderedPageCache, type DrawnPage, type PageSources } from "./rendered-page-cache";

/** One cache of drawn pages per database (tests start a fresh one per file), as search's caches. */
export const renderedPageCacheFor = perDatabase((deps: AppDeps) => createRenderedPageCache({ events: deps.events, logger: deps.logger }));

/** Whose change alters a page drawn from these reads (null: a read no event announces, so not kept). */
function sourcesOf(loaded: readonly LoadedPublicData[]): PageSources {
  const coachIds: number[] = [];
  let anyCoach = false;
  for (const { need } of loaded) {
    if (need.kind === "content-blocks" || need.kind === "testimonials") return null;
    if (need.kind === "coach-profile" || need.kind === "bookable-slots") coachIds.push(need.coachId);
    // A search shows any coach near it; the figures count coaches and sessions; a place's coaches
    // are whoever lists its town (a coach who moves in or out changes it).
    if (need.kind === "search" || need.kind === "public-figures" || need.kind === "place") anyCoach = true;
  }
  return { coachIds, anyCoach };
}

/**
 * The status a drawn page answers with. An unknown coach (or one whose profile is not public) is a
 * 404, its page saying "Coach not found or error loading profile". The page's head is not made
 * here: public-page-answer.ts makes each path's head and http/client-assets.ts writes it in.
 */
function statusOf(loaded: readonly LoadedPublicData[]): { status: number } {
  // An unknown coach, or a place with no coach (DESIGN.md 12: "Status tells the truth").
  const notFound = loaded.some(
    ({ need, ...item }) => (need.kind === "coach-profile" || need.kind === "place") && !item.found && item.status === 404,
  );
  return { status: notFound ? 404 : 200 };
}

/**
 * A visitor's public page drawn on the server (decision 016): the renderer (the client's own code,
 * built for Node) names what the page reads, the services answer it as the API would, the
 * renderer draws the page from it. Kept a short while by address (rendered-page-cache.ts). Null:
 * the path is not a page drawn on the server (the browser draws it, as before).
 */
export async function renderPublicPage(
  deps: AppDeps,
  renderer: PublicPageRenderer,
  pathname: string,
  search: string,
  reads: PageReads,
): Promise<DrawnPage | null> {
  const needs = renderer.needsOf(pathname, search);
  if (!needs) return null;
  return renderedPageCacheFor(deps).page(`${pathname}?${search}`, async () => {
    const loaded = await Promise.all(needs.map((need) => loadPublicData(deps, need, reads)));
    const drawnAt = Date.now();
    const { html, queries } = await renderer.render(pathname, search, loaded);
    // "<" escaped: no text of the data can close the <script> it travels in.
    const pageState = JSON.stringify({ queries, drawnAt }).replace(/</g, "\\u003c");
    const sources = sourcesOf(loaded);
    return { page: { ...statusOf(loaded), html, pageState, sources }, sources };
  });
}
