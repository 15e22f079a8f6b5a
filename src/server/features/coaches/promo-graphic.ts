import sharp, { type OverlayOptions } from "sharp";
import type { CoachResponse } from "@contract/coaches";
import { describeRate } from "@contract/coach-basics";

const SIZE = 1080;
const PHOTO_SIZE = 360;
const PHOTO_TOP = 150;
export const PROMO_FONT = "'Liberation Sans Narrow', 'DejaVu Sans Condensed', 'Arial Narrow', Arial, sans-serif";
export const PROMO_BRAND = { dark: "#052316", deep: "#0b3f28", field: "#127844", accent: "#d2f53a", light: "#effbf3" };

/** coach-side 2: the 1080x1080 PNG a coach shares on social media (name, photo, positions, rates, place, call to action). */
export async function renderPromoGraphic(coach: CoachResponse, photo: Buffer | null): Promise<Buffer> {
  const name = `${coach.user.firstName ?? ""} ${coach.user.lastName ?? ""}`.trim() || "Lacrosse Coach";
  const photoLayer = photo ? await circularPhoto(photo) : null;
  const overlay = Buffer.from(overlaySvg(coach, name, photoLayer === null));
  const composites: OverlayOptions[] = [];
  if (photoLayer) composites.push({ input: photoLayer, top: PHOTO_TOP, left: (SIZE - PHOTO_SIZE) / 2 });
  return sharp(overlay).composite(composites).png().toBuffer();
}

/** A bad or vanished photo falls back to the initial rather than failing the download. */
export async function circularPhoto(bytes: Buffer, size = PHOTO_SIZE): Promise<Buffer | null> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="#fff"/></svg>`,
  );
  try {
    return await sharp(bytes)
      .rotate()
      .resize(size, size, { fit: "cover" })
      .composite([{ input: mask, blend: "dest-in" }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

function overlaySvg(coach: CoachResponse, name: string, drawInitial: boolean): string {
  const cx = SIZE / 2;
  const r = PHOTO_SIZE / 2;
  const cy = PHOTO_TOP + r;
  const initial = (coach.user.firstName ?? name).trim().charAt(0).toUpperCase() || "C";
  const positions = coach.positions.length > 0 ? coach.positions : coach.specializations.slice(0, 4);
  const rates = [...coach.rates]
    .sort((a, b) => (a.sessionType === b.sessionType ? b.duration - a.duration : a.sessionType === "individual" ? -1 : 1))
    .slice(0, 3)
    .map(describeRate);
  const lines: string[] = [];
  let y = cy + r + 90;
  lines.push(text(fit(name.toUpperCase(), 26), cx, y, 76, "#ffffff", 700));
  y += 56;
  lines.push(text(fit(coach.title, 44), cx, y, 40, PROMO_BRAND.accent, 700));
  if (positions.length > 0) {
    y += 52;
    lines.push(text(fit(positions.join("  •  "), 52), cx, y, 32, PROMO_BRAND.light, 400));
  }
  for (const rate of rates) {
    y += 46;
    lines.push(text(rate, cx, y, 34, "#ffffff", 700));
  }
  if (coach.location) {
    y += 48;
    lines.push(text(fit(coach.location, 48), cx, y, 30, PROMO_BRAND.light, 400));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${PROMO_BRAND.deep}"/>
      <stop offset="1" stop-color="${PROMO_BRAND.dark}"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <path d="M0 ${SIZE - 180} L${SIZE} ${SIZE - 300} L${SIZE} ${SIZE} L0 ${SIZE} Z" fill="${PROMO_BRAND.field}" opacity="0.35"/>
  <rect x="0" y="0" width="${SIZE}" height="14" fill="${PROMO_BRAND.accent}"/>
  ${text("LACROSSE COACHING", cx, 96, 34, PROMO_BRAND.accent, 700, 6)}
  <circle cx="${cx}" cy="${cy}" r="${r + 10}" fill="${PROMO_BRAND.accent}"/>
  ${drawInitial ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${PROMO_BRAND.field}"/>${text(initial, cx, cy + 60, 180, "#ffffff", 700)}` : ""}
  ${lines.join("\n  ")}
  <rect x="${cx - 300}" y="${SIZE - 120}" width="600" height="76" rx="38" fill="${PROMO_BRAND.accent}"/>
  ${text("BOOK A SESSION TODAY", cx, SIZE - 70, 36, PROMO_BRAND.dark, 700, 2)}
</svg>`;
}

/** One line of the graphics' text, centred on x unless `anchor` says otherwise. */
export function text(
  content: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  weight: number,
  letterSpacing = 0,
  anchor: "middle" | "start" = "middle",
): string {
  return `<text x="${x}" y="${y}" font-family="${PROMO_FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}" letter-spacing="${letterSpacing}">${escapeXml(content)}</text>`;
}

/** The text cut with an ellipsis to `max` characters. */
export function fit(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}
