import type { Request } from "express";
import type { AppDeps } from "../../deps";
import type { PageAnswer } from "../../http/client-assets";
import { perDatabase } from "../search/per-database";
import { withPublicHead, type PublicHead } from "./head";
import type { PageReads } from "./page-reads";
import { loadPublicPage, type LoadedPage } from "./public-page.service";
import { createRenderedPageCache, type PageSources } from "./rendered-page-cache";

type KeptHead = { status: number; head: PublicHead; sources: PageSources };

/**
 * Each path's status and head, kept as drawn pages are (rendered-page-cache.ts): a coach's page
 * reads the coach's profile for its head, so a visit that finds its drawing kept reads nothing.
 */
const headCacheFor = perDatabase((deps: AppDeps) =>
  createRenderedPageCache<KeptHead>({ events: deps.events, logger: deps.logger, sizeOf: (kept) => JSON.stringify(kept.head).length }),
);

/** Whose change alters the head: the coach shown; for a place or a path that is no page yet, any coach. */
function sourcesOf(page: LoadedPage): PageSources {
  if (page.data.kind === "coach" || page.data.kind === "book-coach") return { coachIds: [page.data.coach.id], anyCoach: false };
  if (page.data.kind === "place" || page.data.kind === "not-found") return { coachIds: [], anyCoach: true };
  return { coachIds: [], anyCoach: false };
}

/**
 * What http/client-assets.ts needs to answer a page's HTML: its status, its head, and whether it is
 * listed; with whose change alters the head (visitor-pages.ts keeps the page as sent by it).
 */
export async function publicPageAnswer(deps: AppDeps, req: Request, reads: PageReads): Promise<PageAnswer & { sources: PageSources }> {
  const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?") + 1) : "";
  const { status, head, sources } = await headCacheFor(deps).page(`${req.path}?${query}`, async () => {
    const page = await loadPublicPage(deps, reads, req.path, query);
    const sources = sourcesOf(page);
    return { page: { status: page.status, head: page.head, sources }, sources };
  });
  return { status, noindex: head.robots === "noindex", headHtml: (html) => withPublicHead(html, head), sources };
}
