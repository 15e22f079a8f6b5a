import { LISTED_PAGES, pageRoutes } from "@contract/pages";
import type { AppDeps } from "../../deps";
import { listPlaces } from "../places/places.service";
import { countPublicCoaches, publicCoachesOfFile } from "./public-coaches.service";

/**
 * The sitemap (DESIGN.md 12): an index of coach files (at most 50,000 addresses each, the protocol's
 * limit, `lastmod` from each coach's last change) and one file of place pages, and robots.txt that
 * names it. Read from the database on each request (the coach files) or from the place index (kept
 * exact by coach events): a change shows within a minute, as the answers' one-minute HTTP cache allows.
 */
export const COACHES_PER_SITEMAP = 50_000;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;

/** /sitemap.xml: the coach files and the places file. */
export async function sitemapIndex(deps: AppDeps): Promise<string> {
  const base = deps.config.appUrl;
  const files = Math.max(1, Math.ceil((await countPublicCoaches(deps)) / COACHES_PER_SITEMAP));
  const places = await listPlaces(deps);
  const latestPlace = places.reduce<string | undefined>(
    (a, p) => (a === undefined || p.lastChangedAt > a ? p.lastChangedAt : a),
    undefined,
  );
  const entries = [
    ...Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/coaches-${i + 1}.xml`)}</loc></sitemap>`),
    `<sitemap><loc>${escapeXml(`${base}/sitemaps/places.xml`)}</loc>${latestPlace ? `<lastmod>${latestPlace}</lastmod>` : ""}</sitemap>`,
  ];
  return `${XML_HEAD}<sitemapindex ${NS}>${entries.join("")}</sitemapindex>\n`;
}

/** /sitemaps/coaches-{n}.xml (n from 1): each public coach's profile; null past the last file. */
export async function coachSitemap(deps: AppDeps, n: number): Promise<string | null> {
  const base = deps.config.appUrl;
  const coaches = await publicCoachesOfFile(deps, n - 1, COACHES_PER_SITEMAP);
  if (coaches.length === 0 && n > 1) return null;
  const entries = coaches.map((c) => urlEntry(`${base}/coach/${c.id}`, c.lastChangedAt.toISOString()));
  return `${XML_HEAD}<urlset ${NS}>${entries.join("")}</urlset>\n`;
}

/** /sitemaps/places.xml: every place page with a coach (the town's and each of its positions'), and the site's listed pages without data. */
export async function placesSitemap(deps: AppDeps): Promise<string> {
  const base = deps.config.appUrl;
  const places = await listPlaces(deps);
  const entries = [
    urlEntry(`${base}/`),
    ...pageRoutes.filter((r) => LISTED_PAGES.includes(r.module) && !r.path.includes(":")).map((r) => urlEntry(`${base}${r.path}`)),
    ...places.flatMap((place) => [
      urlEntry(`${base}${place.path}`, place.lastChangedAt),
      ...place.positions.map((p) => urlEntry(`${base}${p.path}`, place.lastChangedAt)),
    ]),
  ];
  return `${XML_HEAD}<urlset ${NS}>${entries.join("")}</urlset>\n`;
}

/**
 * robots.txt: every public page and what it needs (scripts, styles, images, the coach images, the
 * public API reads those pages make) is allowed; signed-in pages carry noindex instead of a
 * Disallow, so a crawler can read that. The rest of the API is closed.
 */
export function robotsTxt(deps: AppDeps): string {
  const base = deps.config.appUrl;
  const allowApi = [
    "/api/coaches/search",
    "/api/coaches/*/profile",
    "/api/coaches/*/available-slots",
    "/api/coaches/*/reviews",
    "/api/coaches/*/packages",
    "/api/time-slots/",
    "/api/places",
    "/api/public-figures",
    "/api/testimonials",
    "/api/content-blocks",
    "/api/auth/user",
  ];
  return [
    "User-agent: *",
    "Allow: /",
    ...allowApi.map((p) => `Allow: ${p}`),
    "Disallow: /api/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
