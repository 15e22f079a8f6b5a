/**
 * Lighthouse (mobile emulation, its default) on the landing page, Find Coaches and a coach
 * profile, against the built client and the real server on a fresh database, with Debian's
 * Chromium. Targets (issue 17): performance 95 or more, accessibility 100; exits 1 when missed.
 *
 *   npm run lighthouse            (builds the client first)
 *
 * Scores depend on the machine: on a shared machine, note its load average with them
 * (docs/PERFORMANCE.md).
 */
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startE2eServer } from "../tests/e2e/support/app-server";
import { CHROME_PATH, CHROMIUM_ARGS } from "../tests/e2e/support/chromium";
import { insertCoach, insertPlayer, insertSlot } from "../tests/integration/search-support";

const TARGETS = { performance: 95, accessibility: 100 };

async function main(): Promise<void> {
  execSync("npx vite build", { stdio: "ignore" });
  const server = await startE2eServer({ SEED_DEMO: "false" });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_ARGS });
  let failed = false;
  try {
    const { coachId } = await insertCoach(server, { zipcode: "21201", specializations: ["Midfield", "Attack"], firstName: "Casey" });
    for (let day = 1; day <= 8; day++) await insertSlot(server, coachId, new Date(Date.now() + day * 86_400_000).toISOString());
    const { cookie } = await insertPlayer(server, { phoneNumber: "+14105550100", position: "Midfield", preferredLocation: "21201" });
    const pages: [string, string, string | null][] = [
      ["landing", "/landing", null],
      ["find coaches", "/find-coaches?position=Midfield&zipcode=21201&radius=25&includeUnavailable=false", cookie],
      ["coach profile", `/coach/${coachId}`, cookie],
    ];
    console.log(
      `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile emulation; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    for (const [name, pagePath, sessionCookie] of pages) {
      const run = () =>
        lighthouse(`${server.baseUrl}${pagePath}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: sessionCookie ? { Cookie: sessionCookie } : undefined,
        });
      let result = await run();
      // Now and then Chromium's trace misses the navigation's start (NO_NAVSTART): Lighthouse itself
      // says to run again. A page's own failure would fail again and be reported.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
        console.log(`  ${name}: Lighthouse could not measure (${result.lhr.runtimeError.code}); running it again`);
        result = await run();
      }
      if (!result) throw new Error(`no Lighthouse result for ${pagePath}`);
      const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? "?";
      console.log(
        `${name.padEnd(14)} performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")}, SEO ${score("seo")}; FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, transferred ${metric("total-byte-weight")}`,
      );
      // What to fix: the accessibility audits that failed, and the elements that shifted the layout.
      const a11yFailures = (result.lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      if (a11yFailures.length > 0) console.log(`  accessibility audits failed: ${a11yFailures.join(", ")}`);
      // LIGHTHOUSE_REPORTS=<dir> keeps each page's full report (JSON) for a closer look.
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name.replaceAll(" ", "-")}.json`), JSON.stringify(result.lhr));
      }
      if (score("performance") < TARGETS.performance || score("accessibility") < TARGETS.accessibility) failed = true;
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  console.log(
    failed ? `FAIL: a page scored under ${TARGETS.performance} (performance) or ${TARGETS.accessibility} (accessibility)` : "PASS",
  );
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
