#!/usr/bin/env node
/**
 * Initial JavaScript budgets (issues 17 and 25): the scripts a browser must load before a page can
 * be used, gzipped as the server sends them (the build's .gz files), for every page.
 * Reads the build's manifest (vite.config.ts: build.manifest), so run it after `vite build`:
 *
 *   npm run test:budget        (vite build, then this check; part of npm test)
 *
 * Initial JavaScript of a page = the entry chunk, the page's own chunk (the router imports it at
 * once) and every chunk either imports statically, each counted once. What a page imports
 * dynamically (a dialog, the select behind a stand-in) loads later and is not counted. Prints the
 * figure of every page (docs/performance-log.md keeps them) and exits 1 when a page is over its budget
 * or has none, when a chunk group of vite.config.ts matches no module, or when a chunk the server
 * names in a page's HTML is not in the build.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { register } from "tsx/esm/api";

/**
 * Every page's budget (issue 25): [KB of gzip, script files, entry included]. The landing page
 * must stay under 100 KB, find coaches and a coach profile (the public pages a player opens first)
 * under 120 KB in 10 files; every other page has a budget set just above what it loaded when it
 * was measured (docs/performance-log.md), so that a change that puts a library on its first screen
 * fails CI. On a phone each file costs a round trip, and the bundler left to itself gave a coach
 * profile 26 (vite.config.ts groups them). A new page names its budget here, or the check fails.
 */
const PAGE_BUDGETS = new Map([
  // 100.2 KB since the fourth round's pages (guardians, parent contact, credentials) grew the entry's
  // page list and the signed-in user's answer: issue 44 (the landing served by the server) is to win
  // the 0.3 KB back and return this budget to 100.
  ["landing", [100.3, 9]],
  ["not-found", [115, 10]],
  ["unauthorized", [120, 11]],
  ["home", [120, 10]],
  ["verify-email", [120, 13]],
  ["family-invitation", [120, 14]],
  // The link a parent contact address follows to confirm itself (DESIGN.md 12): one call, like verify-email.
  ["parent-contact-confirm", [120, 14]],
  // It reads the family's bookings through the paging helper of the signed-in "account" chunk (a signed-in user loads it anyway).
  ["booking-success", [125, 15]],
  ["simulated-onboarding", [120, 15]],
  ["coach-profile", [120, 10]],
  // The select stand-in (deferred-select.tsx) is a file of its own since the profile forms share it
  // (select-field.tsx): 0.4 KB and one file more than 119.7 KB in 10.
  ["find-coaches", [120.5, 11]],
  // Issue 25: zod (24 KB) left the first screen of the signed-in pages that only show contract texts,
  // limits and plain rules, now in zod-free modules (src/contract/*-basics.ts); these budgets are set
  // just above what each loaded then (before, in KB and files: stripe-connect 143.8 in 14, athlete
  // progress 143.9 in 14, simulated-dashboard 144.5 in 15, athlete 147.5 in 18, privacy-policy 144.2
  // in 12, terms-of-service 144.8 in 13, family 151.4 in 18, booking-checkout 160.7 in 25, book-coach
  // 165.9 in 26, my-session-requests 168.1 in 25, messages 168.0 in 23, my-bookings 183.0 in 34,
  // match-coaches 187.3 in 25, coach-onboarding 173.1 in 23, manage-slots 186.3 in 25, coach-dashboard
  // 224.6 in 45). Manage Slots and the coach dashboard keep zod for the slot form they draw at once.
  // The payment account page draws the setup wizards' frame (its heading and lead, painted by the
  // server first: its largest text), so the frame is a file of its own: 0.3 KB and one file more
  // here and on the coach's wizard.
  ["stripe-connect", [116.5, 12]],
  ["athlete-progress", [117, 11]],
  ["simulated-dashboard", [117, 12]],
  ["athlete", [118, 13]],
  // One file more each since the legal texts read the no-show and consent rules' shared modules (2026-11-29).
  ["privacy-policy", [118, 11]],
  ["terms-of-service", [119, 12]],
  // 120,970 bytes until the paged lists' hook was drawn in transitions like useQuery (37 bytes more
  // in the query chunk every page with a read loads: 121,007).
  ["family", [121.5, 13]],
  ["booking-checkout", [128, 19]],
  // One file more since the athlete choice names whose session it is (whose-session.ts, issue 42).
  ["book-coach", [134, 21]],
  ["my-session-requests", [137, 20]],
  // 140.1 KB in 21 since the admins' report actions and the suspension notice (issue 41, moderation).
  ["messages", [140.5, 21]],
  // One file more for each since the dashboard reads its lower sections and the slot dialog lazily
  // (the modules they shared with the dashboard's first screen became files of their own).
  ["my-bookings", [152, 30]],
  ["match-coaches", [158, 22]],
  // One file more (0.8 KB) since the e-mail and phone schemas left accounts.ts for contract/contact-fields.ts,
  // so that the player's profile no longer builds every account request schema on its first screen.
  ["forgot-password", [165, 18]],
  ["reset-password", [165, 18]],
  ["package-checkout", [125, 15]],
  ["coach-setup", [170, 21]],
  ["login", [175, 21]],
  ["coach-onboarding", [171, 23]],
  ["manage-slots", [186, 25]],
  ["player-onboarding", [205, 29]],
  ["player-profile", [205, 30]],
  ["admin", [205, 26]],
  // 217.0 KB in 42 until its lower sections, the slot dialog and the session dialogs became lazy
  // (issue 25, Lighthouse); 162.7 KB until React Compiler memoised its page component (1.3 KB more,
  // vite.config.ts), which took its blocking time on a phone from 400-660 ms to 180-230 ms.
  ["coach-dashboard", [165, 35]],
]);
const BUDGETS = new Map([...PAGE_BUDGETS].map(([page, [kbBudget]]) => [`app/routes/${page}.tsx`, kbBudget * 1000]));
const FILE_BUDGETS = new Map([...PAGE_BUDGETS].map(([page, [, files]]) => [`app/routes/${page}.tsx`, files]));
const dist = path.resolve("dist/client");

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
} catch {
  console.error("No build manifest at dist/client/.vite/manifest.json: run `npx vite build` (or npm run test:budget) first.");
  process.exit(1);
}

const gzipSizes = new Map();
/** The .gz file the build wrote beside the script (level 9, vite.config.ts) is what the server sends. */
function gzipSize(file) {
  if (!gzipSizes.has(file)) {
    const sent = path.join(dist, `${file}.gz`);
    const size = existsSync(sent) ? statSync(sent).size : gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
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
for (const row of rows) {
  if (!BUDGETS.has(row.page)) {
    console.error(`FAIL: ${row.page.replace("app/routes/", "")} has no budget: name one in scripts/check-bundle-budget.mjs`);
    failed = true;
  }
}
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
// Each chunk group of vite.config.ts names a chunk of this build: a group whose test matches no
// module (a file moved or renamed) makes no chunk, and its modules fall back to the bundler's split.
const { loadConfigFromFile } = await import("vite");
const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, path.resolve("vite.config.ts"), undefined, "silent");
const groups = loaded?.config.build?.rolldownOptions?.output?.codeSplitting?.groups ?? [];
if (groups.length === 0) {
  console.error("FAIL: vite.config.ts names no chunk groups (build.rolldownOptions.output.codeSplitting.groups)");
  failed = true;
}
const chunkNames = new Set(Object.values(manifest).map((chunk) => chunk.name));
for (const group of groups) {
  if (!chunkNames.has(group.name)) {
    console.error(`FAIL: the chunk group "${group.name}" of vite.config.ts matches no module of the build`);
    failed = true;
  }
}
// The chunks the server names in a page's HTML (src/server/http/client-assets.ts, read with the
// server's own code) are files of this build: the signed-in shell's, and each page's own.
register();
const { pageChunkLinks } = await import("../src/server/http/client-assets.ts");
const links = pageChunkLinks(dist);
if (links.signedInShell.length === 0) {
  console.error("FAIL: the build has no chunk for the signed-in shell, which the server names in a signed-in user's page");
  failed = true;
}
for (const [page, files] of [["signed-in shell", links.signedInShell], ...links.pages]) {
  if (page !== "signed-in shell" && files.length === 0) {
    console.error(`FAIL: the server finds no chunk of the page ${page} in the build's manifest`);
    failed = true;
  }
  for (const file of files.filter((f) => !existsSync(path.join(dist, f)))) {
    console.error(`FAIL: the server names ${file} (${page}) in a page's HTML, and the build has no such file`);
    failed = true;
  }
}
if (failed) process.exit(1);
console.log(`PASS: each of the ${rows.length} pages is within its budget`);
