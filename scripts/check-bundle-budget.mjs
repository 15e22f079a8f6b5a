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
  // Issue 47 (2026-11-29): the header's account menu (its keyboard and focus handling, the phone
  // menu's Escape) in the "account" chunk every signed-in page loads, about 0.4 KB, and the messages
  // panes fitted to the screen; the pages that grew past their budgets with it are set at what they
  // loaded then + 0.2 KB (family, booking-checkout, book-coach, my-session-requests, messages,
  // my-bookings, manage-slots, admin, schedule, notification-settings).
  // Back to 100 (issue 44): 101.0 KB in 8 files once the public pages were hydrated (the entry's
  // hydration, 0.8 KB); 97.7 KB in 7 since the landing draws its ten lucide icons from its own copy
  // (features/content/components/landing-icons.tsx) instead of the shared icons chunk (3.9 KB).
  ["landing", [100, 9]],
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
  // The fifth round's three merges put 0.8 KB on every page, in the entry every page loads: hydrating
  // the public pages the server draws (decision 016: react-dom's hydrateRoot 0.16 KB; the page state,
  // the app's root and the router's hydration in the entry) and the pocket's two pages in the page
  // table and the entry's preload map; and 0.18 KB more on every signed-in page (the account menu's schedule
  // and notification items, personal data cleared at sign-in, in the "account" chunk). Each page
  // below that grew past its budget with them is set at what it loaded then (2026-11-29) + 0.2 KB;
  // docs/performance-log.md has the figures.
  // 122.8 KB in 12 files: 119.5 KB in 10 before hydration (0.8), the screening badge (DESIGN 12,
  // Verified coaches: screening-badges.tsx, 1.0 KB and a file) and its head with the town link
  // (page-titles.ts and place-pages.ts, 1.2 KB and a file).
  // 117.8 KB (2026-11-29, late night: its LCP was at the 2.0 s bound): tailwind-merge with only the class
  // groups the app uses (lib/class-merge-config.ts, 4.1 KB) and the zones' clocks read with Intl
  // instead of @date-fns/tz (lib/when.ts, 1.2 KB), both in the "ui" chunk: 5.3 KB less on every page
  // that loads it.
  ["coach-profile", [118.1, 12]],
  // A town's coaches (DESIGN.md 12, issue 44): the place page with its head, set just above the
  // 119.2 KB in 11 files it loaded when it was added.
  // 120.0 KB since hydration (0.8 KB in the entry).
  // + 0.2 KB (issue 45): toastFailure, the one "failed, unless signed out" toast, in the shared "ui" chunk.
  ["place", [120.4, 11]],
  // The select stand-in (deferred-select.tsx) is a file of its own since the profile forms share it
  // (select-field.tsx): 0.4 KB and one file more than 119.7 KB in 10.
  // 122.1 KB in 12 since hydration (0.8 KB), the screening badge on its cards (1.0 KB and a file) and
  // the verified filter with its head (0.5 KB).
  // + 0.3 KB (issues 45, 47): toastFailure in the "ui" chunk, and opening on the family's ZIP.
  // 117.2 KB (2026-11-29, late night: its LCP was 2.1 s), 5.3 KB less in the "ui" chunk as on a coach profile.
  ["find-coaches", [117.5, 12]],
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
  // 116.5 KB since hydration and the pocket's account menu (0.9 KB).
  ["stripe-connect", [116.7, 12]],
  ["athlete-progress", [117, 11]],
  ["simulated-dashboard", [117, 12]],
  ["athlete", [118, 13]],
  // One file more each since the legal texts read the no-show and consent rules' shared modules (2026-11-29).
  // 119.8 and 120.4 KB since the texts describe families, children's data, messages, packages and
  // credits as the product does them (issue 41: 1.4 to 1.8 KB of words).
  ["privacy-policy", [120, 11]],
  ["terms-of-service", [120.6, 12]],
  // 120,970 bytes until the paged lists' hook was drawn in transitions like useQuery (37 bytes more
  // in the query chunk every page with a read loads: 121,007).
  // 121.8 KB since hydration and the pocket's account menu (1.0 KB).
  // 122.2 KB since each athlete's "Download data" and "Delete athlete" (issue 41).
  ["family", [123.0, 13]],
  // 129.4 KB in 20 since hydration and the pocket's account menu (1.0 KB) and the screening badge (1.0 KB
  // and a file).
  // 129.8 KB since a hold is paid with a credit at checkout (issue 42).
  ["booking-checkout", [130.6, 20]],
  // One file more since the athlete choice names whose session it is (whose-session.ts, issue 42).
  // 137.4 KB in 23 since hydration and the pocket's account menu (1.0 KB), the screening badge (1.0 KB
  // and a file) and its head (page-titles.ts, 1.2 KB and a file).
  // 138.4 KB (issues 45, 47): the summary's bar on a phone, Book & Pay waiting for a time, toastFailure.
  ["book-coach", [138.6, 23]],
  ["my-session-requests", [137.7, 20]],
  // 140.1 KB in 21 since the admins' report actions and the suspension notice (issue 41, moderation).
  // 141.1 KB since hydration and the pocket's account menu (1.0 KB).
  // 141.4 KB since the thread names the session and offers Reply and Dispute on a no-show (issue 41).
  ["messages", [142.5, 21]],
  // One file more for each since the dashboard reads its lower sections and the slot dialog lazily
  // (the modules they shared with the dashboard's first screen became files of their own).
  // 152.9 KB since hydration and the pocket's account menu (1.0 KB).
  // 153.5 KB since a family's hold is one row with its seats or weeks folded under it (issue 42).
  // 154.2 KB since a session's card is short on a phone, its calendar links behind a disclosure (issue 42).
  ["my-bookings", [154.4, 30]],
  ["match-coaches", [158, 22]],
  // One file more (0.8 KB) since the e-mail and phone schemas left accounts.ts for contract/contact-fields.ts,
  // so that the player's profile no longer builds every account request schema on its first screen.
  // One file more (issue 44): the login's two roles (INTENTS) moved to contract/user-basics.ts, which
  // has no zod, so that the login page (the site's root) no longer loads zod on its first screen
  // (155.3 KB in 20 files before, 118.0 KB in 12 after); these pages now load that small module apart.
  ["forgot-password", [165, 19]],
  ["reset-password", [165, 19]],
  ["package-checkout", [125, 15]],
  ["coach-setup", [170, 21]],
  // 118.0 KB in 12 files since the role's forms (tabs, Google, the form library and zod) load in a
  // chunk of their own once the page is up (issue 44: the root's LCP); 155.3 KB in 20 before.
  ["login", [120, 13]],
  // 171.3 KB since hydration and the pocket's account menu (1.0 KB).
  // + 0.2 KB (issue 45): toastFailure in the "ui" chunk.
  ["coach-onboarding", [171.7, 23]],
  ["manage-slots", [186.6, 25]],
  ["player-onboarding", [205, 29]],
  ["player-profile", [205, 30]],
  // 206.1 KB since hydration and the pocket's account menu (1.0 KB).
  ["admin", [206.9, 26]],
  // 217.0 KB in 42 until its lower sections, the slot dialog and the session dialogs became lazy
  // (issue 25, Lighthouse); 162.7 KB until React Compiler memoised its page component (1.3 KB more,
  // vite.config.ts), which took its blocking time on a phone from 400-660 ms to 180-230 ms.
  // 165.5 KB since hydration and the pocket's account menu (1.0 KB).
  ["coach-dashboard", [165.8, 35]],
  // DESIGN 12 (In the pocket): the schedule kept for the field and the notification settings, as
  // measured when added; 118.1 and 119.5 KB since hydration (0.8 KB in the entry).
  ["schedule", [119.1, 11]],
  ["notification-settings", [120.4, 11]],
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
