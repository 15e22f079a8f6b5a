import { expect, test, type Browser } from "@playwright/test";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";

const PHONE = 390;

/**
 * Issue 25: a signed-in page comes with its first screen drawn in the HTML (the shell, the notice,
 * the page's skeleton), painted before any script has run; the app then takes its place without
 * anything on the screen moving.
 */
test.describe("a signed-in page's first screen, before and after the scripts", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let browser: Browser;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    t = await startE2eServer();
    browser = workerBrowser;
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("without its scripts a page already shows the shell, the greeting, the e-mail notice and the page's skeleton", async () => {
    const { context, page } = await newPage(browser, t.baseUrl);
    const { email } = await makeBrowserPlayer(page, { firstName: "Riley" });
    const cookies = await context.cookies();
    const noScripts = await browser.newContext({ baseURL: t.baseUrl, javaScriptEnabled: false });
    await noScripts.addCookies(cookies);
    const bare = await noScripts.newPage();
    await bare.goto("/my-bookings");
    await expect(bare.locator("#first-screen header")).toBeVisible();
    await expect(bare.locator('#first-screen nav[aria-label="Main"] a[aria-current="page"]')).toHaveText("My Bookings");
    await expect(bare.locator("#first-screen").getByText("Hi, Riley")).toBeVisible();
    await expect(bare.locator("#first-screen").getByText(`Follow the link we sent to ${email} to confirm it is yours.`)).toBeVisible();
    await expect(bare.locator('#first-screen [data-testid="page-skeleton"]')).toBeVisible();
    await expect(bare.locator("#root")).toBeHidden();
  });

  test("with them, the app takes the first screen's place: one shell, the page's own content, and nothing moved", async () => {
    const { page } = await newPage(browser, t.baseUrl, { width: PHONE });
    await makeBrowserPlayer(page, { firstName: "Riley" });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/my-bookings");
    await expect(page.getByRole("heading", { name: "My Bookings", level: 1 })).toBeVisible();
    await expect(page.locator("#first-screen")).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeEnabled();
    // The menu works: the app, not the painted copy, is on the screen.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Requests" })).toBeVisible();
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });
});
