import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, test, type Page } from "@playwright/test";
import { timeSlots, users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { clientDistDir } from "@server/http/client-assets";
import { createPaidBooking, type PaidBooking } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, seriousA11yViolations, setUpBrowserFile } from "./support/browser";
import { openAccountLink, signOut } from "./support/header";

/**
 * Issue 47, DESIGN 12 "In the pocket": the app can be installed (manifest, icons, a service
 * worker), a family's next sessions open at the field with no connection after one online visit,
 * marked with when they were saved; signing out clears them; a deploy offers "Reload" and leaves
 * nothing of the old version behind.
 */
/** Whether the page reaches the server (an API call the worker leaves to the network). */
const reachable = (page: Page) =>
  page.evaluate(() =>
    fetch("/api/push/public-key", { cache: "no-store" }).then(
      () => true,
      () => false,
    ),
  );

/** An entry of the worker's precache list (Workbox's self.__WB_MANIFEST, put in by the build). */
type PrecacheEntry = { url: string; revision: string | null };

/** The precache list in a built worker: the one JSON array of entries the build put in it. */
function precacheManifest(source: string): PrecacheEntry[] {
  const list = /\[\{"revision":.*?\}\]/s.exec(source);
  expect(list, "the precache list in the built sw.js").not.toBeNull();
  return JSON.parse(list![0]) as PrecacheEntry[];
}

/** Each entry as "path revision" (a script's or style's name is its own revision). */
const entryKeys = (entries: PrecacheEntry[]) => entries.map((entry) => `/${entry.url}${entry.revision ? ` ${entry.revision}` : ""}`).sort();

/** What the precache holds: how many precaches, and each file as entryKeys writes it (Workbox keeps a revision in the URL). */
const precached = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith("laxcoach-precache-"));
    const entries: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        const revision = url.searchParams.get("__WB_REVISION__");
        entries.push(`${url.pathname}${revision ? ` ${revision}` : ""}`);
      }
    }
    return { caches: names.length, entries: entries.sort() };
  });

test.describe("in the pocket", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let paid: PaidBooking;
  let page: Page;
  const swFile = path.join(clientDistDir, "sw.js");
  let builtSw = "";

  test.describe.configure({ timeout: 180_000 });
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    t = await startE2eServer({ LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "silent" });
    builtSw = readFileSync(swFile, "utf8");
    paid = await createPaidBooking(t, { studentName: "Jordan", hoursFromNow: 30 });
    await t.deps.database.db.update(users).set({ position: "Midfield" }).where(eq(users.id, paid.student.userId));
    await t.deps.database.db
      .update(timeSlots)
      .set({ locationAddress: "1 Stadium Way, Baltimore, MD", locationNotes: "Gate code 4321" })
      .where(eq(timeSlots.id, paid.slot.id));
    const opened = await newPage(browser, t.baseUrl, { width: 390 });
    page = opened.page;
    const { token } = await startSession(t.deps.database.db, paid.student.userId, t.deps.clock.now());
    await opened.context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
  });

  test.afterAll(async () => {
    // The build's worker as it was, for the files after this one.
    if (builtSw) writeFileSync(swFile, builtSw);
    await t?.close();
  });

  test("meets the install criteria: a linked, valid manifest with its icons, and a registered service worker", async () => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await answer.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest.name).toBeTruthy();
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }

    const sw = await page.request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(sw.headers()["content-type"]).toContain("javascript");

    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
    expect(scriptUrl).toBe(`${t.baseUrl}/sw.js`);
    // The first install takes over the open page (clients.claim) and offers no "Reload".
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByText("A new version is available")).toHaveCount(0);
  });

  test("the schedule opens with no connection after one online visit, marked with when it was saved", async () => {
    await page.goto("/schedule");
    await expect(page.getByRole("heading", { name: "My Schedule" })).toBeVisible();
    await expect(page.getByText("Memorial Field, 1 Stadium Way, Baltimore, MD")).toBeVisible();
    await expect(page.getByText(/^Saved at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    // Kept by the worker: the page and its data.
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((k) => !k.startsWith("laxcoach-precache-")).sort()))
      .toEqual(["laxcoach-data", "laxcoach-pages"]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.context().setOffline(true);
    try {
      await page.goto("/schedule");
      // Truly offline: the server cannot be reached from the page.
      expect(await reachable(page)).toBe(false);
      await expect(page.getByRole("heading", { name: "My Schedule" })).toBeVisible();
      await expect(page.getByText("Memorial Field, 1 Stadium Way, Baltimore, MD")).toBeVisible();
      await expect(page.getByText("Location notes: Gate code 4321")).toBeVisible();
      await expect(page.getByText("Coach: Casey Coach")).toBeVisible();
      await expect(page.getByText(/ (EST|EDT)$/).first()).toBeVisible();
      await expect(page.getByText(/^Saved at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    } finally {
      await page.context().setOffline(false);
    }
  });

  test('a deploy offers "Reload" and leaves nothing of the old version', async () => {
    await page.goto("/schedule");
    await expect(page.getByRole("heading", { name: "My Schedule" })).toBeVisible();
    const built = precacheManifest(builtSw);
    await expect.poll(() => precached(page)).toEqual({ caches: 1, entries: entryKeys(built) });
    // The next deploy's worker: a public file changed (a new revision) and a script the new build no
    // longer has.
    const gone = built.find((entry) => entry.url.startsWith("assets/"))!;
    const changed = built.find((entry) => entry.url === "manifest.webmanifest")!;
    const next = built
      .filter((entry) => entry !== gone)
      .map((entry) => (entry === changed ? { ...entry, revision: `${entry.revision}-next` } : entry));
    writeFileSync(swFile, builtSw.replace(JSON.stringify(built), JSON.stringify(next)));

    await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
    await expect(page.getByText("A new version is available")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Reload" }).focus();
    // The page is already at /schedule: wait for the reload itself, not for an address it has.
    const reloaded = page.waitForEvent("load");
    await page.keyboard.press("Enter");
    await reloaded;
    await expect(page.getByRole("heading", { name: "My Schedule" })).toBeVisible();
    // The precache holds the new version's files, and nothing of the old: neither the file it no
    // longer has nor the old revision of the changed one.
    await expect.poll(() => precached(page)).toEqual({ caches: 1, entries: entryKeys(next) });
    const kept = (await precached(page)).entries;
    expect(kept).not.toContain(entryKeys([gone])[0]);
    expect(kept).not.toContain(entryKeys([changed])[0]);
    await expect(page.getByText("A new version is available")).toHaveCount(0);
  });

  test("the notification settings: reached from the menu, changed with the keyboard, kept by the server", async () => {
    await page.goto("/schedule");
    await openAccountLink(page, "Notifications");
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on notifications on this device" })).toBeVisible();
    const bookingPush = page.getByRole("group", { name: "Bookings" }).getByRole("checkbox", { name: "Push" });
    await expect(bookingPush).toBeChecked();
    await bookingPush.focus();
    await page.keyboard.press("Space");
    await expect(bookingPush).not.toBeChecked();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/notification-preferences")).json()) as { booking: { push: boolean } }).booking.push,
      )
      .toBe(false);
    // Within 390 px: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("signing out clears every cache of personal data: the schedule no longer opens offline", async () => {
    await page.goto("/schedule");
    await expect(page.getByText("Memorial Field, 1 Stadium Way, Baltimore, MD")).toBeVisible();
    await page.evaluate(() =>
      localStorage.setItem("lastCoachSearch", JSON.stringify({ params: { zipcode: "21201" }, savedAt: Date.now() })),
    );
    await signOut(page);
    await page.waitForURL("**/login");
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((k) => !k.startsWith("laxcoach-precache-"))))
      .toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("lastCoachSearch"))).toBeNull();

    await page.context().setOffline(true);
    try {
      await page.goto("/schedule").catch(() => null);
      expect(await reachable(page)).toBe(false);
      await expect(page.getByText("Memorial Field")).toHaveCount(0);
      await expect(page.getByText("Casey Coach")).toHaveCount(0);
    } finally {
      await page.context().setOffline(false);
    }
  });
});
