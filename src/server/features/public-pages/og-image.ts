import { createHash } from "node:crypto";
import sharp, { type OverlayOptions } from "sharp";
import { lowestFamilyPrice } from "@contract/money";
import { coachDisplayName } from "@contract/page-titles";
import type { CoachProfile } from "@contract/search";
import { createLocalStorage } from "../../adapters/storage";
import type { AppDeps } from "../../deps";
import { circularPhoto, fit, PROMO_BRAND, text } from "../coaches/promo-graphic";
import { perDatabase } from "../search/per-database";

/**
 * The 1200x630 PNG a chat app or social network shows for a shared coach link (Open Graph), drawn
 * with sharp from an SVG in the promo graphic's look (coaches/promo-graphic.ts): photo, name, title,
 * positions, town, the family's price from, the rating. Kept in memory by the coach's last change,
 * so a changed profile gets a new image (and a new ETag) at once.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const PHOTO = 300;
const PHOTO_LEFT = 80;
const PHOTO_TOP = (OG_HEIGHT - PHOTO) / 2 - 20;
const TEXT_LEFT = PHOTO_LEFT + PHOTO + 70;
/** Drawing changes: a new version gives every image a new ETag. */
const DRAWING_VERSION = "1";
const CACHED_IMAGES = 200;

export type OgImage = { png: Buffer; etag: string };

/** The ETag of a coach's image as of its last change: known before drawing, so a 304 costs no drawing. */
export const coachImageEtag = (coachId: number, lastChangedAt: Date) =>
  `"${createHash("sha1").update(`${DRAWING_VERSION}:${coachId}:${lastChangedAt.toISOString()}`).digest("base64url").slice(0, 20)}"`;

const imageCacheFor = perDatabase(() => new Map<string, Buffer>());

/** The coach's image for its ETag, drawn once and kept (the least recently drawn leave first). */
export async function coachOgImage(deps: AppDeps, coach: CoachProfile, etag: string): Promise<OgImage> {
  const cache = imageCacheFor(deps);
  const key = `${coach.id}:${etag}`;
  const known = cache.get(key);
  if (known) return { png: known, etag };
  const photoUrl = coach.profileImageUrl ?? coach.user.profileImageUrl;
  const photo = photoUrl
    ? await createLocalStorage(deps.config.dataDir)
        .read(photoUrl)
        .catch(() => null)
    : null;
  const png = await drawCoachCard(coach, photo);
  for (const old of cache.keys()) if (old.startsWith(`${coach.id}:`)) cache.delete(old);
  cache.set(key, png);
  while (cache.size > CACHED_IMAGES) cache.delete(cache.keys().next().value as string);
  return { png, etag };
}

let siteImage: Promise<Buffer> | undefined;
/** The image of the pages without one of their own: the brand and what the site is for. */
export function siteOgImage(): Promise<Buffer> {
  siteImage ??= sharp(
    Buffer.from(
      frame(
        [
          text("LACROSSE COACHING", OG_WIDTH / 2, 200, 34, PROMO_BRAND.accent, 700, 6),
          text("Find and book lacrosse coaches near you", OG_WIDTH / 2, 300, 56, "#ffffff", 700),
          text("Attack  •  Midfield  •  Defense  •  Goalie  •  Faceoff", OG_WIDTH / 2, 380, 34, PROMO_BRAND.light, 400),
          button("LAXCOACH", OG_WIDTH / 2 - 180),
        ].join(""),
      ),
    ),
  )
    .png()
    .toBuffer();
  return siteImage;
}

async function drawCoachCard(coach: CoachProfile, photo: Buffer | null): Promise<Buffer> {
  const photoLayer = photo ? await circularPhoto(photo, PHOTO) : null;
  const composites: OverlayOptions[] = photoLayer ? [{ input: photoLayer, top: PHOTO_TOP, left: PHOTO_LEFT }] : [];
  return sharp(Buffer.from(coachSvg(coach, photoLayer === null)))
    .composite(composites)
    .png()
    .toBuffer();
}

function coachSvg(coach: CoachProfile, drawInitial: boolean): string {
  const name = coachDisplayName(coach);
  const r = PHOTO / 2;
  const cx = PHOTO_LEFT + r;
  const cy = PHOTO_TOP + r;
  const initial = name.trim().charAt(0).toUpperCase() || "C";
  const positions = coach.positions.length > 0 ? coach.positions : coach.specializations.slice(0, 4);
  const from = lowestFamilyPrice(coach.rates);
  const rating =
    coach.rating !== null && coach.reviewCount > 0
      ? `★ ${coach.rating.toFixed(1)}  (${coach.reviewCount} ${coach.reviewCount === 1 ? "review" : "reviews"})`
      : null;
  const lines: string[] = [];
  let y = 190;
  const line = (content: string, size: number, fill: string, weight: number, gap: number) => {
    lines.push(text(content, TEXT_LEFT, y, size, fill, weight, 0, "start"));
    y += gap;
  };
  y += 0;
  line(fit(name.toUpperCase(), 24), 64, "#ffffff", 700, 58);
  line(fit(coach.title, 40), 36, PROMO_BRAND.accent, 700, 52);
  if (positions.length > 0) line(fit(positions.join("  •  "), 44), 30, PROMO_BRAND.light, 400, 46);
  if (coach.location) line(fit(coach.location, 44), 30, PROMO_BRAND.light, 400, 52);
  if (from) line(`From ${from.price} / session`, 38, "#ffffff", 700, 50);
  if (rating) line(rating, 32, PROMO_BRAND.accent, 700, 46);
  const photoRing = `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="${PROMO_BRAND.accent}"/>`;
  const initialDisc = drawInitial
    ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${PROMO_BRAND.field}"/>${text(initial, cx, cy + 50, 150, "#ffffff", 700)}`
    : "";
  return frame(`${photoRing}${initialDisc}${lines.join("")}${button("BOOK A SESSION", TEXT_LEFT)}`);
}

function button(label: string, x: number): string {
  return `<rect x="${x}" y="${OG_HEIGHT - 110}" width="360" height="64" rx="32" fill="${PROMO_BRAND.accent}"/>${text(label, x + 180, OG_HEIGHT - 67, 28, PROMO_BRAND.dark, 700, 2)}`;
}

function frame(content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PROMO_BRAND.deep}"/><stop offset="1" stop-color="${PROMO_BRAND.dark}"/></linearGradient></defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
  <path d="M0 ${OG_HEIGHT - 120} L${OG_WIDTH} ${OG_HEIGHT - 220} L${OG_WIDTH} ${OG_HEIGHT} L0 ${OG_HEIGHT} Z" fill="${PROMO_BRAND.field}" opacity="0.35"/>
  <rect x="0" y="0" width="${OG_WIDTH}" height="12" fill="${PROMO_BRAND.accent}"/>
  ${content}
</svg>`;
}
