import { parse as parseRoute } from "regexparam";
import { pageRoutes, type PageRoute } from "@contract/pages";

/**
 * The page a path shows: the first route of contract/pages.ts that matches, with the pattern parser
 * the client's router (wouter) uses, so both sides read "/coach/:id" or "/booking-checkout/:bookingId?"
 * alike. Undefined for `/` (the router's own page, which depends on who is signed in) and for a
 * path of no page (the app's not-found page).
 */
const pageMatchers = pageRoutes.map((route) => ({ route, ...parseRoute(route.path) }));

export type MatchedPage = { route: PageRoute; params: Record<string, string | undefined> };

export function matchPage(pathname: string): MatchedPage | undefined {
  for (const { route, pattern, keys } of pageMatchers) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string | undefined> = {};
    keys.forEach((key, i) => {
      const value = match[i + 1];
      params[key] = value === undefined ? undefined : safeDecode(value);
    });
    return { route, params };
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
