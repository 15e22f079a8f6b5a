import type { Request } from "express";
import type { AppDeps } from "../../deps";
import type { DrawPublicPage, KeepVisitorPage, PageAnswer, SentPage } from "../../http/client-assets";
import { perDatabase } from "../search/per-database";
import { pageReads, type PageReads } from "./page-reads";
import { publicPageAnswer } from "./public-page-answer";
import { createRenderedPageCache, type PageSources } from "./rendered-page-cache";
import { renderPublicPage } from "./server-rendered";

/**
 * A visitor's pages as sent: the HTML with its head and drawing, compressed once for the encoding
 * the visitor takes, with its ETag. A kept coach page then costs a look-up and one write: no head
 * built, no HTML compressed or hashed per visit (docs/performance-log.md, 29 November 2026, night).
 * Kept by the rules of rendered-page-cache.ts, from the sources of its head and its drawing;
 * bounded by the bytes sent (a coach page is about 6 KB in brotli, so about 8,000 pages).
 */
const sentPageCacheFor = perDatabase((deps: AppDeps) =>
  createRenderedPageCache<SentPage>({
    events: deps.events,
    logger: deps.logger,
    maxBytes: 48 * 2 ** 20,
    sizeOf: (page) => page.body.length,
  }),
);

/** Both keepable, or not kept: the coaches of each. */
function bothSources(a: PageSources, b: PageSources): PageSources {
  if (!a || !b) return null;
  return { coachIds: [...a.coachIds, ...b.coachIds], anyCoach: a.anyCoach || b.anyCoach };
}

export type VisitorPageLocals = { drawPublicPage: DrawPublicPage; publicPage: () => Promise<PageAnswer>; keepVisitorPage: KeepVisitorPage };

/**
 * What http/client-assets.ts's page route is given for one request (app.ts puts it in res.locals):
 * the page's status and head, its drawing for a visitor (decision 016), and the visitor's page as
 * sent, kept. The head and the drawing share the request's reads (a coach's profile is read once),
 * and tell which coaches they were made from, so the page sent is kept by the same rules.
 */
export function visitorPageLocals(deps: AppDeps, req: Request): VisitorPageLocals {
  let reads: PageReads | undefined;
  const shared = () => (reads ??= pageReads(deps));
  const query = req.originalUrl.indexOf("?");
  const search = query < 0 ? "" : req.originalUrl.slice(query + 1);
  // The sources of what this request made: while a page to be kept is made, each part adds its own
  // (null when it failed: the page sent is then the browser's to draw, and not kept).
  let sources: PageSources = { coachIds: [], anyCoach: false };
  return {
    publicPage: async () => {
      const answer = await publicPageAnswer(deps, req, shared());
      sources = bothSources(sources, answer.sources);
      return answer;
    },
    drawPublicPage: async (renderer) => {
      try {
        const drawn = await renderPublicPage(deps, renderer, req.path, search, shared());
        if (drawn) sources = bothSources(sources, drawn.sources);
        return drawn;
      } catch (error) {
        sources = null;
        throw error;
      }
    },
    keepVisitorPage: (encoding, make) =>
      sentPageCacheFor(deps).page(`${encoding} ${req.path}?${search}`, async () => {
        sources = { coachIds: [], anyCoach: false };
        const page = await make();
        return { page, sources };
      }),
  };
}
