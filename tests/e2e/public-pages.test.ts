import { expect, test, type Page } from "@playwright/test";
import { insertCoach, insertSlot } from "../integration/search-support";
import { newPage, useBrowserFile } from "./support/browser";

/** Every console error and warning of the page, and every request it makes, from its start. */
function watch(page: Page) {
  const console: string[] = [];
  const requests: { url: string; type: string }[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") console.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => console.push(`pageerror: ${error.message}`));
  page.on("request", (request) => requests.push({ url: request.url(), type: request.resourceType() }));
  return { console, requests };
}

/** The next day at 22:00 UTC, a few days ahead: 5:00 PM (or 6:00 PM in summer) in Baltimore. */
function daysAhead(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(22, 0, 0, 0);
  return at.toISOString();
}

/**
 * Decision 016: a visitor's coach page arrives drawn by the server and the browser hydrates it, with
 * the data it came with (no second read of the profile), without any hydration mismatch, and works.
 */
test.describe("a coach's public page, drawn on the server and hydrated", () => {
  const { t, browser } = useBrowserFile();
  let coachId: number;

  test.beforeAll(async () => {
    ({ coachId } = await insertCoach(t, {
      zipcode: "21201",
      specializations: ["Goalie"],
      firstName: "Morgan",
      title: "Goalie Specialist",
      rates: [["individual", 60, 8000]],
    }));
    await insertSlot(t, coachId, daysAhead(3), { locationName: "Patterson Park" });
    await insertSlot(t, coachId, daysAhead(4), { locationName: "Patterson Park" });
  });

  test("hydrates with no console error or warning and no second read of the profile, and then works", async () => {
    // A viewer in another zone than the coach's: the server named the zone, and so does the browser while hydrating.
    const { page } = await newPage(browser, t.baseUrl, { timezoneId: "America/Los_Angeles" });
    const seen = watch(page);
    await page.goto(`/coach/${coachId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Morgan Coach" })).toBeVisible();
    // Hydrated: the app's own effects ran (the tab names the coach).
    await expect(page).toHaveTitle(/^Morgan Coach, Goalie Specialist: lacrosse coach in Baltimore, MD \| LaxCoach$/);
    await page.waitForLoadState("networkidle");

    expect(seen.console).toEqual([]);
    const profileReads = seen.requests.filter((r) => r.url.includes(`/api/coaches/${coachId}/profile`));
    expect(profileReads).toEqual([]);
    expect(seen.requests.filter((r) => r.type === "document")).toHaveLength(1);

    // Interactive: a next open time opens the booking page in the app (no new document) with that time chosen.
    const times = page.getByRole("list", { name: "Next available times" }).getByRole("link");
    await times.first().click();
    await expect(page).toHaveURL(new RegExp(`/book-coach/${coachId}\\?slot=\\d+$`));
    await expect(page.locator('button[aria-pressed="true"]').filter({ hasText: "Individual" })).toBeVisible();
    expect(seen.requests.filter((r) => r.type === "document")).toHaveLength(1);
    expect(seen.console).toEqual([]);
  });

  test("a booking page drawn on the server hydrates and its time slots can be chosen", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    const seen = watch(page);
    await page.goto(`/book-coach/${coachId}`);
    const slots = page.getByRole("button", { name: /Individual/ });
    await expect(slots).toHaveCount(2);
    await page.waitForLoadState("networkidle");
    const second = slots.nth(1);
    // Clicks until the app has taken over the drawn page (a click before hydration does nothing).
    await expect(async () => {
      await second.click();
      await expect(second).toHaveAttribute("aria-pressed", "true", { timeout: 500 });
    }).toPass();
    await expect(page.getByText("Session Type & Duration")).toBeVisible();
    expect(seen.console).toEqual([]);
    expect(
      seen.requests.filter((r) => r.url.includes(`/api/coaches/${coachId}/profile`) || r.url.includes(`/api/time-slots/${coachId}`)),
    ).toEqual([]);
  });

  test("a place page hydrates with no console error or warning and no second read of its coaches, and its links work", async () => {
    // A viewer in another zone than the coaches': the open times name the coach's zone on both sides.
    const { page } = await newPage(browser, t.baseUrl, { timezoneId: "America/Los_Angeles" });
    const seen = watch(page);
    await page.goto("/coaches/md/baltimore/goalie");
    await expect(page.getByRole("heading", { level: 1, name: "Goalie coaches in Baltimore, MD" })).toBeVisible();
    await expect(page).toHaveTitle(/Goalie coaches in Baltimore, MD/);
    await page.waitForLoadState("networkidle");
    expect(seen.console).toEqual([]);
    expect(seen.requests.filter((r) => r.url.includes("/api/places"))).toEqual([]);

    // Hydrated: a coach's card opens the profile in the app (no new document).
    await page.getByRole("link", { name: "Morgan Coach" }).click();
    await expect(page).toHaveURL(new RegExp(`/coach/${coachId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Morgan Coach" })).toBeVisible();
    expect(seen.requests.filter((r) => r.type === "document")).toHaveLength(1);
    expect(seen.console).toEqual([]);
  });

  test("a tap before the app has taken over is held and answered once it has, and the page stays where the visitor scrolled it", async () => {
    // No service worker: the route below must see the entry's request.
    const { page } = await newPage(browser, t.baseUrl, { serviceWorkers: "block" });
    // The app's entry is held back until the visitor has scrolled and tapped the drawn page.
    let letEntryThrough!: () => void;
    const entryHeld = new Promise<void>((resolve) => (letEntryThrough = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto("/landing");
    const contact = page.getByRole("button", { name: "Contact Us" });
    await contact.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(0);
    await contact.click();
    // Nothing yet: the page's scripts have not come.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    letEntryThrough();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Send Message" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  });

  test("the root, the landing page, a search, the privacy policy and the terms hydrate with no console error or warning", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    const seen = watch(page);
    for (const [path, text] of [
      ["/", "Welcome"],
      ["/landing", "Find Your Coach"],
      ["/find-coaches?position=Goalie&zipcode=21201&radius=25", "Morgan Coach"],
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-of-service", "Terms of Service"],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("#root").getByText(text).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(seen.console, path).toEqual([]);
    }
    // The search came with its page: the browser did not ask for it again.
    expect(seen.requests.filter((r) => r.url.includes("/api/coaches/search"))).toEqual([]);
  });
});
