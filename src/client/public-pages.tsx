import type { QueryKey } from "@tanstack/react-query";
import { prerenderToNodeStream } from "react-dom/static";
import { parse as parsePattern } from "regexparam";
import type { LoadedPublicData, PublicPageNeed, PublicPageRenderer, RenderedPublicPage } from "../contract/pages";
import { parsePlacePath } from "../contract/place-pages";
import { App } from "./app/app";
import { loadVisitorPage } from "./app/router";
import { paths } from "./config/paths";
import { bookingsKeys } from "./features/bookings/api/keys";
import { placePageQuery } from "./features/places/api/get-place-page";
import { POPULAR_PLACES_KEY } from "./features/places/api/popular-places";
import { searchKeys } from "./features/search/api/keys";
import { fromSearchQuery, searchProblem } from "./features/search/last-search";
import { putDrawnQueries, type DrawnQuery } from "./lib/page-state";
import { createQueryClient } from "./lib/query-client";
import { contentBlocksQuery, sharedKeys, testimonialsQuery } from "./lib/query-keys";

/**
 * A visitor's public page drawn on the server (decision 016; contract/pages.ts, PublicPageRenderer):
 * the whole app (app/app.tsx) at the page's address, with the page's data put into its query cache
 * under the keys the client's own queries use, and that cache dehydrated beside the markup for the
 * browser to hydrate from. Built for Node beside the client (vite.config.ts); the server loads it
 * at start (http/client-assets.ts) and answers the data (features/public-pages).
 */

const coachIdIn = (pattern: string, pathname: string): number | null => {
  const match = parsePattern(pattern).pattern.exec(pathname);
  const id = match?.[1] ?? "";
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
};

/** What each public page reads, by the client's own reading of its address; null: not a page drawn on the server. */
function needsOf(pathname: string, search: string): PublicPageNeed[] | null {
  switch (pathname) {
    case paths.root:
    case paths.login: {
      // The role chooser only. With a role named (?intent=, ?tab=register) the page is a sign-in or
      // registration form, left to the browser: a form drawn before the app has taken over would be
      // sent by the browser itself, its password in the address.
      const query = new URLSearchParams(search);
      return query.has("intent") || query.has("tab") ? null : [{ kind: "public-figures" }];
    }
    case paths.landing:
      return [{ kind: "content-blocks" }, { kind: "public-figures" }, { kind: "testimonials" }, { kind: "popular-places" }];
    case paths.privacyPolicy:
    case paths.termsOfService:
      return [];
    case paths.findCoaches: {
      // The search its address names (the browser's last search is its own, taken after hydration).
      const params = fromSearchQuery(search);
      return params && !searchProblem(params) ? [{ kind: "search", params }] : [];
    }
  }
  // A place page (DESIGN.md 12), read as the page reads its own address; another path under
  // /coaches/ (upper case, an unknown position) is no place: the browser draws it, as before.
  const place = parsePlacePath(pathname);
  if (place) return [{ kind: "place", ...place }];
  const profileOf = coachIdIn("/coach/:id", pathname);
  // ?book=true sends the browser on to the booking page: nothing to draw.
  if (profileOf !== null)
    return new URLSearchParams(search).get("book") === "true" ? null : [{ kind: "coach-profile", coachId: profileOf }];
  const bookingOf = coachIdIn(paths.bookCoach(":id"), pathname);
  if (bookingOf !== null) {
    return [
      { kind: "coach-profile", coachId: bookingOf },
      { kind: "bookable-slots", coachId: bookingOf },
    ];
  }
  return null;
}

/** The query (its key, and for a search its pages) under which the client reads a need's answer. */
function keyOf(need: PublicPageNeed): QueryKey {
  switch (need.kind) {
    case "coach-profile":
      return sharedKeys.coachPublicProfile(need.coachId);
    case "bookable-slots":
      return bookingsKeys.bookableSlots(need.coachId);
    case "search":
      return searchKeys.search(need.params);
    case "content-blocks":
      return contentBlocksQuery.queryKey;
    case "testimonials":
      return testimonialsQuery.queryKey;
    case "public-figures":
      return ["/api/public-figures"];
    case "popular-places":
      return POPULAR_PLACES_KEY;
    case "place":
      return placePageQuery(need.state, need.city, need.position).queryKey;
  }
}

/**
 * The page's queries: each read's answer under the client's key. An unknown coach is drawn as the
 * API's 404 ("Coach not found or error loading profile"), an empty place as its 404 ("No coaches
 * found in this place."), so both sides draw the same; other
 * refusals are left out, and both sides draw the page waiting for its data, which the browser then
 * asks for. A visitor is nobody: the router draws a visitor's pages.
 */
function drawnQueries(loaded: readonly LoadedPublicData[]): DrawnQuery[] {
  const queries: DrawnQuery[] = [{ key: sharedKeys.currentUser, data: null }];
  for (const item of loaded) {
    const key = keyOf(item.need);
    if (item.found) {
      const data =
        item.need.kind === "search"
          ? { pages: [{ coaches: item.data, nextCursor: item.nextCursor ?? null }], pageParams: [null] }
          : item.data;
      queries.push({ key, data });
    } else if (item.status === 404 && ["coach-profile", "bookable-slots", "place"].includes(item.need.kind)) {
      queries.push({ key, error: { status: item.status, message: item.message } });
    }
  }
  return queries;
}

async function render(pathname: string, search: string, loaded: readonly LoadedPublicData[]): Promise<RenderedPublicPage> {
  const queryClient = createQueryClient();
  const queries = drawnQueries(loaded);
  await putDrawnQueries(queryClient, queries);
  // The page's own chunk first, as the browser does before hydrating: the page, not its skeleton.
  await loadVisitorPage(pathname);
  // Waits for every lazy part of the page (a static render, not a stream): the HTML holds it all,
  // each part in its place (no part moved into place by an inline script, which the CSP forbids:
  // React moves a part larger than its chunk size). A part that fails would be left to the browser
  // to draw: the server sends the app's plain page instead.
  const errors: unknown[] = [];
  // Node's stream, read as it comes: the web stream and a Response to read it cost a tenth of a
  // coach page's drawing (bench:ssr's profile).
  const { prelude } = await prerenderToNodeStream(<App queryClient={queryClient} ssrPath={pathname} ssrSearch={search} />, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const decoder = new TextDecoder();
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return { html, queries };
}

export const publicPageRenderer: PublicPageRenderer = { needsOf, render };
