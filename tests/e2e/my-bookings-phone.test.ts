import { expect, test, type Page } from "@playwright/test";
import { createBookableCoach, createSlot, type BookableCoach } from "@tests/factories/bookings";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { GOOD_CARD } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, seriousA11yViolations, setUpBrowserFile } from "./support/browser";

const PHONE = { width: 390, height: 844 };
/** A session a parent scans: the card and its actions, at most this tall on a 390 px phone. */
const MOST_PER_SESSION_PX = 380;

/** Issue 42, "My Bookings by child": a parent of two with eight sessions ahead, on a phone. */
test.describe("My Bookings for a parent of two on a phone", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let page: Page;
  const athletes: { id: number; firstName: string }[] = [];

  async function bookAndPay(coach: BookableCoach, hoursFromNow: number, athleteId: number, pay: boolean): Promise<void> {
    const slot = await createSlot(t, coach.coachId, { hoursFromNow });
    const booked = await page.request.post("/api/bookings", {
      data: { timeSlotId: slot.id, rateId: coach.rates.individual60, sessionType: "individual", duration: 60, athleteId },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    if (!pay) return;
    const bookingId = ((await booked.json()) as { id: number }).id;
    const intent = await page.request.post("/api/create-payment-intent", { data: { bookingId } });
    const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
    const paid = await page.request.post("/api/payments/simulated/confirm", { data: { paymentIntentId, cardNumber: GOOD_CARD } });
    expect(paid.status()).toBe(200);
  }

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    t = await startE2eServer();
    ({ page } = await newPage(browser, t.baseUrl));
    page.setDefaultTimeout(30_000);
    await makeBrowserPlayer(page, { firstName: "Dana", lastName: "Whitaker", position: "Attack" });
    for (const [firstName, birthday] of [
      ["Riley", "2011-03-02"],
      ["Sam", "2009-06-10"],
    ] as const) {
      const added = await page.request.post("/api/athletes", { data: { firstName, lastName: "Whitaker", birthday, position: "Midfield" } });
      expect(added.status(), await added.text()).toBe(201);
      athletes.push({ id: ((await added.json()) as { id: number }).id, firstName });
    }
    // Eight sessions over two weeks with two coaches, the children in turn; the last one a hold.
    const coaches = [await createBookableCoach(t), await createBookableCoach(t)];
    for (let n = 0; n < 8; n++) await bookAndPay(coaches[n % 2]!, 30 + 26 * n, athletes[n % 2]!.id, n < 7);
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("each session is a short card naming the child; one child's sessions on their own; the calendar links a tap away", async () => {
    await page.setViewportSize(PHONE);
    await page.goto("/my-bookings");
    const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
    const cards = upcoming.getByTestId(/^booking-\d+$/);
    await expect(cards).toHaveCount(8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(cards.filter({ hasText: "For Riley Whitaker" })).toHaveCount(4);
    await expect(cards.filter({ hasText: "For Sam Whitaker" })).toHaveCount(4);

    // Scannable: from one card's top to the next card's top (its actions included) stays short.
    const tops = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top + window.scrollY));
    for (let i = 1; i < tops.length; i++) expect(tops[i]! - tops[i - 1]!).toBeLessThanOrEqual(MOST_PER_SESSION_PX);

    await page.getByLabel("Sessions of").selectOption({ label: "Riley" });
    await expect(cards).toHaveCount(4);
    await expect(cards.filter({ hasText: "For Sam Whitaker" })).toHaveCount(0);
    await page.getByLabel("Sessions of").selectOption({ label: "All athletes" });
    await expect(cards).toHaveCount(8);

    // "Add to calendar" opens with the keyboard and offers both ways.
    const first = upcoming.getByText("Add to calendar", { exact: true }).first();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(upcoming.getByRole("link", { name: /^Google Calendar/ }).first()).toBeVisible();
    await expect(upcoming.getByRole("link", { name: "Download .ics" }).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
