import { expect, test, type Page } from "@playwright/test";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { newPage, useBrowserFile } from "./support/browser";

const PHONE = 390;

/** Adds up, from the page's start, the layout shifts no input caused (what Lighthouse counts as CLS). */
function recordLayoutShifts() {
  const shifts: number[] = [];
  Object.assign(window, { layoutShifts: shifts });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) shifts.push(entry.value);
    }
  }).observe({ type: "layout-shift", buffered: true });
}
const layoutShiftOf = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).reduce((sum, value) => sum + value, 0);

/**
 * Issue 25: a signed-in page comes with its first screen drawn in the HTML (the shell, the notice,
 * the page's skeleton), painted before any script has run; the app then takes its place without
 * anything on the screen moving.
 */
test.describe("a signed-in page's first screen, before and after the scripts", () => {
  const { t, browser } = useBrowserFile();

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
    await expect(bare.locator('#first-screen button[aria-controls="account-menu"]')).toContainText("Riley");
    await expect(bare.locator("#first-screen").getByText(`Follow the link we sent to ${email} to confirm it is yours.`)).toBeVisible();
    await expect(bare.locator('#first-screen [data-testid="page-skeleton"]')).toBeVisible();
    await expect(bare.locator("#root")).toBeHidden();
  });

  test("a setup wizard's first screen is its own heading, which stays where it is when the wizard comes", async () => {
    const { context, page } = await newPage(browser, t.baseUrl, { width: PHONE });
    await makeBrowserPlayer(page, { position: null });
    const noScripts = await browser.newContext({ baseURL: t.baseUrl, javaScriptEnabled: false });
    await noScripts.addCookies(await context.cookies());
    const bare = await noScripts.newPage();
    await bare.goto("/player-onboarding");
    await expect(bare.locator("#first-screen h1")).toHaveText("Player Setup");
    await expect(bare.locator("#first-screen").getByText("A few details and you can start finding coaches.")).toBeVisible();

    await page.addInitScript(recordLayoutShifts);
    await page.goto("/player-onboarding");
    await expect(page.getByRole("progressbar", { name: "Setup progress" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Player Setup", level: 1 })).toHaveCount(1);
    expect(await layoutShiftOf(page)).toBeLessThan(0.01);
  });

  test("with them, the app takes the first screen's place: one shell, the page's own content, and nothing moved", async () => {
    const { page } = await newPage(browser, t.baseUrl, { width: PHONE });
    await makeBrowserPlayer(page, { firstName: "Riley" });
    await page.addInitScript(recordLayoutShifts);
    await page.goto("/my-bookings");
    await expect(page.getByRole("heading", { name: "My Bookings", level: 1 })).toBeVisible();
    await expect(page.locator("#first-screen")).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeEnabled();
    // The menu works: the app, not the painted copy, is on the screen.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Requests" })).toBeVisible();
    expect(await layoutShiftOf(page)).toBeLessThan(0.01);
  });
});
