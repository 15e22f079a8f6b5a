import { parsePlacePath } from "@contract/place-pages";
import { STATIC_PAGE_HEADS } from "@contract/static-page-heads";
import type { PageModule, PageRoute } from "@contract/pages";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import { matchPage } from "../../http/page-match";
import { publicHeadFor, type PublicHead, type PublicPageData } from "./head";
import type { PageReads } from "./page-reads";
import { findPublicCoach } from "./public-coaches.service";

/** A path as the server answers it before the client runs: its status, page, data and head. */
export type LoadedPage = {
  status: 200 | 404;
  /** The route of contract/pages.ts it shows; null for `/` and for a path of no page. */
  route: PageRoute | null;
  data: PublicPageData;
  head: PublicHead;
};

const COACH_ID = /^\d{1,9}$/;

/**
 * DESIGN.md 12, "Status tells the truth": an unknown path, an unknown coach (or one whose profile
 * is not public) at /coach/{id} or /book-coach/{id}, and a place with no coach answer 404; every
 * other page of the app 200. The data read for the head is the API's answer for the page (the
 * profile, the place), for the server's renderer to put in the query cache.
 * `path` is the pathname; `query` the query string without "?" (kept for /find-coaches' canonical).
 */
export async function loadPublicPage(deps: AppDeps, reads: PageReads, pathname: string, query = ""): Promise<LoadedPage> {
  const { data, route } = await dataOf(deps, reads, pathname);
  const head = publicHeadFor(query ? `${pathname}?${query}` : pathname, data, deps.config.appUrl);
  return { status: head.status, route, data, head };
}

async function dataOf(deps: AppDeps, reads: PageReads, pathname: string): Promise<{ data: PublicPageData; route: PageRoute | null }> {
  if (pathname === "/") return { data: { kind: "root" }, route: null };
  const matched = matchPage(pathname);
  if (!matched) return { data: { kind: "not-found" }, route: null };
  const { route, params } = matched;
  const notFound = { data: { kind: "not-found" as const }, route };
  const { module } = route;
  if (module === "coach-profile" || module === "book-coach") {
    const id = params.id ?? "";
    if (!COACH_ID.test(id) || !(await findPublicCoach(deps, Number(id)))) return notFound;
    const coach = await orNull(reads.coachProfile(Number(id)));
    if (!coach) return notFound;
    return { data: { kind: module === "coach-profile" ? "coach" : "book-coach", coach }, route };
  }
  if (module === "place") {
    const place = parsePlacePath(pathname);
    const page = place ? await orNull(reads.placePage(place.state, place.city, place.position)) : null;
    return page ? { data: { kind: "place", place: page }, route } : notFound;
  }
  if (isStaticHead(module)) return { data: { kind: "static", module }, route };
  // The landing and legal pages: listed, with index.html's own head.
  if (module === "landing" || module === "privacy-policy" || module === "terms-of-service") return { data: { kind: "root" }, route };
  // Every other page of the app: shown, but not listed (signed-in pages, sign-in, password reset).
  return { data: { kind: "unlisted" }, route };
}

const isStaticHead = (module: PageModule): module is keyof typeof STATIC_PAGE_HEADS => Object.hasOwn(STATIC_PAGE_HEADS, module);

/** A 404 of the service (no such coach, an empty place) as null; anything else still throws. */
async function orNull<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
