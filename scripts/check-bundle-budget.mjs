#!/usr/bin/env node
/**
 * The landing page's initial JavaScript budget (issue 17): the scripts a visitor's browser must
 * load before /landing can be used, gzipped as the server sends them, must stay under 100 KB.
 * Reads the build's manifest (vite.config.ts: build.manifest), so run it after `vite build`:
 *
 *   npm run test:budget        (vite build, then this check; part of npm test)
 *
 * Initial JavaScript of a page = the entry chunk, the page's own chunk (the router imports it at
 * once) and every chunk either imports statically, each counted once. Prints the figure of every
 * page (docs/PERFORMANCE.md keeps them) and exits 1 when the landing page is over budget.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 100 * 1000;
const BUDGETED_PAGE = "app/routes/landing.tsx";
const dist = path.resolve("dist/client");

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
} catch {
  console.error("No build manifest at dist/client/.vite/manifest.json: run `npx vite build` (or npm run test:budget) first.");
  process.exit(1);
}

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipSizes.get(file);
}

/** Files loaded for these manifest keys: each chunk and what it imports statically. */
function filesOf(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((f) => f.endsWith(".js"));
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const pages = Object.keys(manifest).filter((k) => k.startsWith("app/routes/") && manifest[k].isDynamicEntry);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const rows = pages
  .map((page) => {
    const files = filesOf([entryKey, page]);
    return { page, files: files.length, gzip: files.reduce((sum, f) => sum + gzipSize(f), 0) };
  })
  .sort((a, b) => a.gzip - b.gzip);
console.log("Initial JavaScript per page (gzip, as sent), entry chunk included:");
for (const row of rows)
  console.log(`  ${row.page.replace("app/routes/", "").padEnd(28)} ${kb(row.gzip).padStart(9)} in ${row.files} files`);

const budgeted = rows.find((r) => r.page === BUDGETED_PAGE);
if (!budgeted) {
  console.error(`FAIL: ${BUDGETED_PAGE} is not a page chunk of this build`);
  process.exit(1);
}
const verdict = budgeted.gzip < BUDGET_BYTES ? "PASS" : "FAIL";
console.log(`${verdict}: the landing page loads ${kb(budgeted.gzip)} of JavaScript (budget ${kb(BUDGET_BYTES)})`);
if (verdict === "FAIL") process.exit(1);
