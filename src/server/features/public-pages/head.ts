import { bookCoachPageHead, coachPageHead, placePageHead, SITE_NAME, type PageHead } from "@contract/page-titles";
import { DEFAULT_PAGE_HEAD, STATIC_PAGE_HEADS } from "@contract/static-page-heads";
import type { PlacePage } from "@contract/place-pages";
import type { CoachProfile } from "@contract/search";
import { coachPersonJsonLd, placeJsonLd, websiteJsonLd, type JsonLd } from "./structured-data";

/**
 * What a page's HTML says before any script runs, for search engines and link previews (DESIGN.md 12):
 * title and description (the same functions the client calls, contract/page-titles.ts and static-page-heads.ts), the
 * canonical address on APP_URL, Open Graph and Twitter card tags, robots, and JSON-LD.
 */
export type PublicHead = {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute, on APP_URL; null on a page that is not to be listed. */
  canonical: string | null;
  /** "noindex" on signed-in, utility and missing pages (also sent as X-Robots-Tag). */
  robots?: "noindex";
  og: { title: string; description: string; url: string; type: "website" | "profile"; image: string; siteName: string };
  twitter: { card: "summary_large_image"; title: string; description: string; image: string };
  jsonLd: JsonLd[];
};

/** The data a public page's head is written from; `loadPublicPage` (public-page.service.ts) reads it. */
export type PublicPageData =
  /** The site root and the landing page: index.html's own head (static-page-heads.ts). */
  | { kind: "root" }
  | { kind: "static"; module: keyof typeof STATIC_PAGE_HEADS }
  /** `coach` is GET /api/coaches/{id}/profile's answer. */
  | { kind: "coach"; coach: CoachProfile }
  | { kind: "book-coach"; coach: CoachProfile }
  /** `place` is GET /api/places/{state}/{city}[/{position}]'s answer. */
  | { kind: "place"; place: PlacePage }
  /** A page of the app that is not listed (signed-in pages, sign-in, password reset, ...). */
  | { kind: "unlisted" }
  | { kind: "not-found" };

/** The image of every page without one of its own (drawn by og-image.ts). */
export const SITE_IMAGE_PATH = "/og/site.png";
export const coachImagePath = (coachId: number) => `/og/coach/${coachId}.png`;

/** /find-coaches keeps the query that names a search (position, ZIP, radius), in one order; everything else is dropped. */
export function canonicalPath(path: string): string {
  const [asked = "/", query = ""] = path.split("?", 2);
  // One address per page: "/landing/" is "/landing".
  const pathname = asked.length > 1 ? asked.replace(/\/+$/, "") || "/" : asked;
  if (pathname !== "/find-coaches") return pathname;
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const key of ["position", "zipcode", "radius"]) {
    const value = given.get(key)?.trim();
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * The head of `path` (its pathname, with the query for /find-coaches) for `data`, on `appUrl`
 * (config.appUrl, no trailing slash).
 */
export function publicHeadFor(path: string, data: PublicPageData, appUrl: string): PublicHead {
  const absolute = (p: string) => `${appUrl}${p}`;
  const base = (head: PageHead, listed: boolean, image = SITE_IMAGE_PATH, type: "website" | "profile" = "website", own?: string) => {
    const url = absolute(own ?? canonicalPath(path));
    return {
      status: 200 as const,
      title: head.title,
      description: head.description,
      canonical: listed ? url : null,
      ...(listed ? {} : { robots: "noindex" as const }),
      og: { title: head.title, description: head.description, url, type, image: absolute(image), siteName: SITE_NAME },
      twitter: { card: "summary_large_image" as const, title: head.title, description: head.description, image: absolute(image) },
      jsonLd: [] as JsonLd[],
    };
  };
  switch (data.kind) {
    case "root":
      return { ...base(DEFAULT_PAGE_HEAD, true), jsonLd: [websiteJsonLd(appUrl)] };
    case "static":
      return base(STATIC_PAGE_HEADS[data.module], true);
    case "coach":
      return {
        ...base(coachPageHead(data.coach), true, coachImagePath(data.coach.id), "profile", `/coach/${data.coach.id}`),
        jsonLd: [coachPersonJsonLd(data.coach, appUrl)],
      };
    case "book-coach":
      return base(bookCoachPageHead(data.coach), true, coachImagePath(data.coach.id), "website", `/book-coach/${data.coach.id}`);
    case "place":
      return {
        ...base(placePageHead(data.place), true, SITE_IMAGE_PATH, "website", data.place.path),
        jsonLd: placeJsonLd(data.place, appUrl),
      };
    case "unlisted":
      return base(DEFAULT_PAGE_HEAD, false);
    case "not-found":
      // The app's own head (its not-found pages set none, so the title stays after hydration), with noindex.
      return { ...base(DEFAULT_PAGE_HEAD, false), status: 404 };
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** JSON inside a <script> data block: "<" escaped so no text can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The head's tags as HTML for <head>, every value escaped. */
export function renderHeadTags(head: PublicHead): string {
  const meta = (attr: "name" | "property", key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    ...(head.robots ? [meta("name", "robots", head.robots)] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    meta("property", "og:site_name", head.og.siteName),
    meta("property", "og:title", head.og.title),
    meta("property", "og:description", head.og.description),
    meta("property", "og:url", head.og.url),
    meta("property", "og:type", head.og.type),
    meta("property", "og:image", head.og.image),
    meta("property", "og:image:width", "1200"),
    meta("property", "og:image:height", "630"),
    meta("name", "twitter:card", head.twitter.card),
    meta("name", "twitter:title", head.twitter.title),
    meta("name", "twitter:description", head.twitter.description),
    meta("name", "twitter:image", head.twitter.image),
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`),
  ];
  return tags.join("");
}

/**
 * index.html (or a rendered page) with the head: the file's own <title> and meta description are
 * replaced, the rest goes before </head>.
 */
export function withPublicHead(html: string, head: PublicHead): string {
  return html
    .replace(/<title>[^<]*<\/title>/, "")
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, "")
    .replace("</head>", `${renderHeadTags(head)}</head>`);
}
