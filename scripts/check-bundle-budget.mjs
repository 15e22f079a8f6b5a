#!/usr/bin/env node
/**
 * Initial JavaScript budgets (issue 17): the scripts a browser must load before a page can be used,
 * gzipped as the server sends them. The landing page must stay under 100 KB; find coaches and a
 * coach profile (the signed-in pages a player opens most) under budgets set just above what they
 * load now, so that a change that puts a library back on their first screen fails CI.
 * Reads the build's manifest (vite.config.ts: build.manifest), so run it after `vite build`:
 *
 *   npm run test:budget        (vite build, then this check; part of npm test)
 *
 * Initial JavaScript of a page = the entry chunk, the page's own chunk (the router imports it at
 * once) and every chunk either imports statically, each counted once. What a page imports
 * dynamically (a dialog, the select behind a stand-in) loads later and is not counted. Prints the
 * figure of every page (docs/PERFORMANCE.md keeps them) and exits 1 when a budgeted page is over.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Page chunk (manifest key) -> budget in bytes of gzip. */
const BUDGETS = new Map([
  ["app/routes/landing.tsx", 100 * 1000],
  ["app/routes/find-coaches.tsx", 120 * 1000],
  ["app/routes/coach-profile.tsx", 120 * 1000],
]);
/**
 * Page chunk -> most script files it may need, entry included: on a phone each file costs a round
 * trip, and the bundler left to itself gave a coach profile 26 (vite.config.ts groups them).
 */
const FILE_BUDGETS = new Map([
  ["app/routes/landing.tsx", 9],
  ["app/routes/find-coaches.tsx", 10],
  ["app/routes/coach-profile.tsx", 10],
]);
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
for (const row of rows) {
  const budget = BUDGETS.get(row.page);
  const fileBudget = FILE_BUDGETS.get(row.page);
  const verdict =
    budget === undefined
      ? ""
      : `  budget ${kb(budget)} in ${fileBudget} files: ${row.gzip < budget && row.files <= fileBudget ? "PASS" : "FAIL"}`;
  console.log(`  ${row.page.replace("app/routes/", "").padEnd(28)} ${kb(row.gzip).padStart(9)} in ${row.files} files${verdict}`);
}

let failed = false;
for (const [page, budget] of BUDGETS) {
  const row = rows.find((r) => r.page === page);
  if (!row) {
    console.error(`FAIL: ${page} is not a page chunk of this build`);
    failed = true;
  } else if (row.gzip >= budget) {
    console.error(
      `FAIL: ${page.replace("app/routes/", "")} loads ${kb(row.gzip)} of JavaScript before it can be used (budget ${kb(budget)})`,
    );
    failed = true;
  } else if (row.files > FILE_BUDGETS.get(page)) {
    console.error(
      `FAIL: ${page.replace("app/routes/", "")} needs ${row.files} script files before it can be used (budget ${FILE_BUDGETS.get(page)})`,
    );
    failed = true;
  }
}
// The server names this chunk in a signed-in user's page (src/server/http/client-assets.ts).
if (!Object.values(manifest).some((chunk) => chunk.name === "account" && !chunk.isEntry)) {
  console.error('FAIL: the build has no "account" chunk (vite.config.ts), which a signed-in page loads beside the entry');
  failed = true;
}
if (failed) process.exit(1);
console.log(`PASS: every budgeted page is within its budget (${[...BUDGETS.keys()].map((p) => p.replace("app/routes/", "")).join(", ")})`);
