import AxeBuilder from "@axe-core/playwright";
import { test, type Browser, type BrowserContext, type Page } from "@playwright/test";
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

/** A fresh browser context (its own cookies) on the given server. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: { width?: number; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: no colour transitions in flight when a test or an accessibility scan reads the page.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: "reduce",
    // The viewer's own zone. By default the test coaches' (ZIP 21201, Baltimore), whatever the
    // machine's zone; a test of a viewer elsewhere names another, and then sees "4:00 PM EST".
    timezoneId: options.timezoneId ?? "America/New_York",
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
