import AxeBuilder from "@axe-core/playwright";
import { test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { standIn } from "@tests/support/stand-in";
import { startE2eServer, type E2eServer } from "./app-server";
import { canRunBrowser, CHROME_PATH, requireBrowserWhenAsked } from "./chromium";

requireBrowserWhenAsked();

/**
 * Call first in a file's describe. Each file is one journey on its own fresh database (its server
 * starts in the file's beforeAll: Playwright has no file-scoped fixture, a worker outlives files
 * and a test fixture would split the journey); its tests build on each other's records and pages.
 */
export function setUpBrowserFile(): void {
  test.skip(!canRunBrowser, `no Chromium at ${CHROME_PATH}`);
  // Serial: a failed step skips the rest of its journey instead of replaying it on a new worker's empty database.
  test.describe.configure({ mode: "serial" });
  // The worker's browser outlives the file: close the contexts the file opened.
  test.afterAll(async ({ browser }) => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  });
}

/**
 * A browser file's set-up in one call (setUpBrowserFile, then the file's server started before
 * its tests and closed after them): `const { t, browser } = useBrowserFile();` at the top of the
 * describe, then `t.baseUrl` and `newPage(browser, t.baseUrl)` in its hooks and tests.
 */
export function useBrowserFile(env: Record<string, string> = {}): { t: E2eServer; browser: Browser } {
  setUpBrowserFile();
  let server: E2eServer | undefined;
  let workerBrowser: Browser | undefined;
  test.beforeAll(async ({ browser }) => {
    server = await startE2eServer(env);
    workerBrowser = browser;
  });
  test.afterAll(async () => {
    await server?.close();
  });
  return { t: standIn(() => server, "The file's server"), browser: standIn(() => workerBrowser, "The worker's browser") };
}

/** A fresh browser context (its own cookies) on the given server. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: { width?: number; timezoneId?: string; serviceWorkers?: "allow" | "block" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: no colour transitions in flight when a test or an accessibility scan reads the page.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: "reduce",
    // The viewer's own zone. By default the test coaches' (ZIP 21201, Baltimore), whatever the
    // machine's zone; a test of a viewer elsewhere names another, and then sees "4:00 PM EST".
    timezoneId: options.timezoneId ?? "America/New_York",
    // A test that holds an answer with page.route blocks the service worker: once the worker
    // controls the page, the page's requests go through it and page.route no longer sees them.
    serviceWorkers: options.serviceWorkers ?? "allow",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Serious and critical accessibility findings on the page as it is now (axe-core's rule ids with their targets). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Buttons and links whose accessible name does not start with their visible words (WCAG 2.5.3,
 * "label in name", issue 47): axe's own rule (experimental, so off in `seriousA11yViolations`) and
 * the stricter "starts with" of the issue, each as "name <- visible text".
 */
export async function labelInNameViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
  const axe = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  const notFirst = await page.evaluate(() => {
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("button[aria-label], a[aria-label], [role=button][aria-label]")) {
      if (!el.checkVisibility()) continue;
      const visible = words(el.innerText);
      const name = words(el.getAttribute("aria-label") ?? "");
      if (visible && !name.startsWith(visible)) found.push(`${name} <- ${visible}`);
    }
    return found;
  });
  return [...axe, ...notFirst];
}
