// Draws the installable app's icons (DESIGN 12, In the pocket) from the favicon's mark with sharp:
// 192 and 512 "any", 512 "maskable" (the mark inside the 80 % safe zone on a full-bleed field) and
// the 180 px Apple touch icon. Run after changing the mark: node scripts/make-app-icons.mjs
import path from "node:path";
import sharp from "sharp";

const out = path.join(import.meta.dirname, "../src/client/public/icons");
const FIELD = "#0b3d2e";
const mark = (scale) => {
  // The favicon's ball and stick, drawn in a 64-unit box and scaled about its centre.
  const t = (64 - 64 * scale) / 2;
  return `<g transform="translate(${t} ${t}) scale(${scale})"><circle cx="40" cy="22" r="9" fill="none" stroke="#facc15" stroke-width="4"/><path d="M34 29 18 50" stroke="#fff" stroke-width="5" stroke-linecap="round"/></g>`;
};
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${FIELD}"/>${mark(1)}</svg>`;
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${FIELD}"/>${mark(scale)}</svg>`;

const draw = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
await draw(rounded, 192, "icon-192.png");
await draw(rounded, 512, "icon-512.png");
await draw(fullBleed(0.7), 512, "maskable-512.png");
await draw(fullBleed(0.85), 180, "apple-touch-icon.png");
console.log("icons written to", out);
