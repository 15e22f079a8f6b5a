import { eq, sql } from "drizzle-orm";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { UNDER_13_ATHLETE } from "@tests/factories/basics";
import { createSlot, post } from "@tests/factories/bookings";
import { createPaidBooking, type PaidBooking } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, seriousA11yViolations, setUpBrowserFile } from "./support/browser";
import { accountMenuButton } from "./support/header";

const PHONE = 390;
const DESKTOP = 1280;

/**
 * Issue 47, "phone pages fixed" and "Home that knows the week": the header on one line at 1280 px
 * with the account menu worked by keyboard, the phone's menu, the message composer on the first
 * screen of a long thread, the family page within a phone's width on the app's form components,
 * and a family's Home with each child's next session, the hold to pay, unread messages and credits.
 */
test.describe("in the pocket: the header, messages, the family page and Home", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let paid: PaidBooking;
  let holdId: number;

  async function signedInPage(browser: Browser, userId: number, width: number): Promise<Page> {
    const { context, page } = await newPage(browser, t.baseUrl, { width });
    page.setDefaultTimeout(30_000);
    page.setDefaultNavigationTimeout(60_000);
    const { token } = await startSession(t.deps.database.db, userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
    return page;
  }

  test.describe.configure({ timeout: 180_000 });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    t = await startE2eServer({ LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "silent" });
    paid = await createPaidBooking(t, { studentName: "Jordan", hoursFromNow: 30 });
    await t.deps.database.db.update(users).set({ position: "Midfield" }).where(eq(users.id, paid.student.userId));
    // A second child, with a seat held and not yet paid.
    const child = await post(t, "/api/athletes", paid.student.cookie, UNDER_13_ATHLETE);
    expect(child.status).toBe(201);
    const slot = await createSlot(t, paid.coach.coachId, { hoursFromNow: 54 });
    const held = await post(t, "/api/bookings", paid.student.cookie, {
      timeSlotId: slot.id,
      rateId: paid.coach.rates.individual60,
      sessionType: "individual",
      duration: 60,
      athleteId: (child.body as { id: number }).id,
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    holdId = (held.body as { id: number }).id;
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("at 1280 px the header is one line with the spec's labels, and the account menu works with the keyboard", async ({ browser }) => {
    const page = await signedInPage(browser, paid.student.userId, DESKTOP);
    await page.goto("/my-bookings");
    const nav = page.locator("#root").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Find Training", "My Bookings", "My Requests", /^Messages/, "My Family"]);
    const account = accountMenuButton(page);
    await expect(account).toBeVisible();
    // One line: every item of the bar starts at the same height, inside the window.
    const boxes = await Promise.all([...(await nav.getByRole("link").all()), account].map((item) => item.boundingBox()));
    const tops = new Set(boxes.map((box) => Math.round(box?.y ?? -1)));
    expect([...tops]).toHaveLength(1);
    for (const box of boxes) expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(DESKTOP);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP);
    // The profile and Sign Out are not in the bar, only in the menu.
    await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "My Profile" })).toHaveCount(0);

    // Enter opens it and moves focus in; Escape closes it and gives focus back.
    await account.focus();
    await page.keyboard.press("Enter");
    await expect(account).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "My Profile" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(account).toBeFocused();
    await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    // Space opens it too; the links follow with Tab and Enter.
    await page.keyboard.press("Space");
    await expect(account).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/player-profile$/);
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await page.context().close();
  });

  test("on a 390 px phone one menu button holds the links, the account links and Sign Out", async ({ browser }) => {
    const page = await signedInPage(browser, paid.student.userId, PHONE);
    await page.goto("/my-bookings");
    const open = page.locator("#root").getByRole("button", { name: "Open menu" });
    await open.click();
    const menu = page.locator("#mobile-menu");
    for (const item of ["Home", "Find Training", "My Bookings", "My Requests", "My Family", "My Profile", "My Schedule"])
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(page.locator("#root").getByRole("button", { name: "Open menu" })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    await page.context().close();
  });

  test("the composer is on the first screen of a long thread, at 390 and 1280 px; only the thread scrolls", async ({ browser }) => {
    for (const width of [PHONE, DESKTOP]) {
      const page = await signedInPage(browser, paid.student.userId, width);
      await page.goto(`/messages?coach=${paid.coach.coachId}`);
      await expect(page).toHaveURL(/\/messages\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split("/").at(-1));
      if (width === PHONE) {
        for (let i = 1; i <= 40; i++) {
          await t.deps.database.db.execute(
            sql`insert into messages (conversation_id, sender_id, body, created_at) values (${id}, ${paid.coach.userId}, ${`Drill note ${i}: two hands, eyes up, follow through.`}, now())`,
          );
        }
        await page.reload();
      }
      const log = page.getByRole("log");
      await expect(log.getByText("Drill note 40:", { exact: false })).toBeVisible();
      const box = page.getByLabel("Message to Casey Coach");
      await expect(box).toBeInViewport();
      await expect(page.getByRole("button", { name: "Send message" })).toBeInViewport();
      // The page itself does not scroll to reach it.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const bottom = await box.evaluate((el) => el.getBoundingClientRect().bottom);
      expect(bottom).toBeLessThanOrEqual(900);
      // The thread is what scrolls.
      const scroller = page.getByLabel("Messages with Casey Coach");
      expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      if (width === PHONE) expect(await seriousA11yViolations(page)).toEqual([]);
      await page.context().close();
    }
  });

  test("the family page fits a 390 px phone, its forms marked as required, with no serious accessibility findings", async ({ browser }) => {
    const page = await signedInPage(browser, paid.student.userId, PHONE);
    await page.goto("/family");
    await expect(page.getByRole("heading", { name: "My Family", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mia Parker" })).toBeVisible();
    await page.getByRole("button", { name: /^Add (another|an) athlete$/ }).click();
    const form = page.getByRole("form", { name: "New athlete" });
    for (const label of ["First name", "Last name", "Birthday", "Position"])
      await expect(form.locator("label", { hasText: label }).first().locator("span[aria-hidden]")).toHaveText("*");
    await expect(form.getByLabel("First name")).toHaveAttribute("required", "");
    await expect(page.locator("label", { hasText: "Invite a guardian by e-mail" }).locator("span[aria-hidden]")).toHaveText("*");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  test("a family's Home shows each child's next session, the hold to pay, unread messages and credits, each a tap from its page", async ({
    browser,
  }) => {
    const page = await signedInPage(browser, paid.student.userId, PHONE);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome back, Jordan!" })).toBeVisible();
    // The spec's three cards stay.
    for (const card of ["Find Training", "My Bookings", "My Requests"])
      await expect(page.getByRole("region", { name: "Shortcuts" }).getByRole("link", { name: new RegExp(card) })).toBeVisible();
    const next = page.getByTestId("next-sessions");
    await expect(next.getByRole("link", { name: /^Jordan.*with Casey Coach/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Holds to finish" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", `/booking-checkout/${holdId}`);
    await expect(
      page.getByRole("link", { name: "1 unread message" }).or(page.getByRole("link", { name: /unread messages$/ })),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "0 credits left" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await next.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/schedule$/);
    await page.goBack();
    await page.getByRole("link", { name: "Pay now" }).click();
    await expect(page).toHaveURL(new RegExp(`/booking-checkout/${holdId}$`));
    await page.context().close();
  });

  test("a coach's Home starts with today's sessions", async ({ browser }) => {
    const page = await signedInPage(browser, paid.coach.userId, PHONE);
    await page.goto("/home");
    const today = page.getByRole("heading", { name: "Today", level: 2 });
    await expect(today).toBeVisible();
    await expect(page.getByText("No sessions today.").or(page.getByTestId("today-sessions").getByRole("link").first())).toBeVisible();
    // Before the shortcuts.
    const order = await page.evaluate(() => {
      const todayHeading = document.getElementById("today-heading");
      const shortcuts = document.querySelector('[aria-label="Shortcuts"]');
      return !!todayHeading && !!shortcuts && !!(todayHeading.compareDocumentPosition(shortcuts) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
