import { expect, test, type Page } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { timeSlots } from "@server/db/schema/index";
import { instantToLocal } from "@server/features/slots/slot-time";
import { makeCoach } from "@tests/factories/coaches";
import { uniqueEmail } from "@tests/factories/basics";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { newPage, seriousA11yViolations, useBrowserFile } from "./support/browser";

const COACH_ZONE = "America/New_York";
const ADDRESS = "100 Main St, Baltimore, MD 21201";
const DIRECTIONS = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(ADDRESS)}`;
const QUARTER_MS = 15 * 60_000;

/** "4:15 PM EST" -> minutes since midnight. */
function minutesOf(label: string): number {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)/.exec(label.trim());
  if (!match) throw new Error(`not a time: ${label}`);
  return ((Number(match[1]) % 12) + (match[3] === "PM" ? 12 : 0)) * 60 + Number(match[2]);
}

/**
 * Issue 15: where and when. A coach in New York (Baltimore's ZIP), a player in Los Angeles and one
 * in New York; the booking page, checkout and My Bookings show the place with a Get directions link,
 * name the coach's zone only for the viewer elsewhere, and never offer a start time that has begun;
 * after paying, the success page shows the place too.
 */
test.describe("where and when a session is", () => {
  const { t, browser } = useBrowserFile();
  let coachId: number;
  let startedSlotId: number | null = null;
  let tomorrowSlotId: number;

  test.beforeAll(async () => {
    const coach = await makeCoach(t, { firstName: "Casey", lastName: "Coach" });
    coachId = coach.coach.id;
    expect(coach.coach.timeZone).toBe(COACH_ZONE);
    const today = instantToLocal(new Date(), COACH_ZONE).date;
    const created = await coach.agent.post("/api/time-slots").send({
      date: addDaysToDate(today, 1),
      startTime: "16:00",
      endTime: "18:00",
      locationName: "Memorial Field",
      locationAddress: ADDRESS,
      locationNotes: "North gate",
      // A group slot, so that each test's player can hold a seat of it.
      isGroup: true,
      capacity: 6,
    });
    expect(created.status).toBe(201);
    tomorrowSlotId = created.body.id;
    // A slot that began an hour ago and runs two more hours (the API refuses to create one in the
    // past, so it is written straight to the table), unless that would cross the coach's midnight.
    const start = new Date(Math.floor(Date.now() / QUARTER_MS) * QUARTER_MS - 60 * 60_000);
    const end = new Date(start.getTime() + 3 * 60 * 60_000);
    if (instantToLocal(end, COACH_ZONE).date === today && instantToLocal(start, COACH_ZONE).date === today) {
      const [row] = await t.deps.database.db
        .insert(timeSlots)
        .values({ coachId, startsAt: start, endsAt: end, locationName: "Memorial Field", locationAddress: ADDRESS })
        .returning({ id: timeSlots.id });
      startedSlotId = row!.id;
    }
  });

  async function playerPage(width: number, timezoneId: string): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl, { width, timezoneId });
    await makeBrowserPlayer(page, { email: uniqueEmail("where") });
    return page;
  }

  async function expectPlace(page: Page) {
    const place = page.getByTestId("session-place").first();
    await expect(place.getByText("Memorial Field", { exact: true })).toBeVisible();
    await expect(place.getByText(ADDRESS, { exact: true })).toBeVisible();
    const link = place.getByRole("link", { name: /Get directions/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", DIRECTIONS);
    await expect(link).toHaveAttribute("target", "_blank");
  }

  async function expectNoSideways(page: Page, label: string) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, label).toBeLessThanOrEqual(page.viewportSize()!.width);
  }

  for (const width of [1280, 360]) {
    test(`a player elsewhere sees the place and the coach's zone on booking, checkout and My Bookings (${width} px)`, async () => {
      const page = await playerPage(width, "America/Los_Angeles");
      await page.goto(`/book-coach/${coachId}?slot=${tomorrowSlotId}`);
      const chosen = page.getByRole("button", { name: /4:00 PM - 6:00 PM E[SD]T/ });
      await expect(chosen).toBeVisible();
      await expect(chosen).toHaveAttribute("aria-pressed", "true");
      await page.getByRole("button", { name: /60 min Group Session/ }).click();
      const startTimes = page.getByRole("region", { name: "Start Time" });
      await expect(startTimes.getByRole("button").first()).toHaveText(/^4:00 PM E[SD]T$/);
      await startTimes.getByRole("button", { name: /^4:30 PM/ }).click();
      await expect(page.getByText(/^4:30 PM - 5:30 PM E[SD]T$/)).toBeVisible();
      await expectPlace(page);
      expect(await seriousA11yViolations(page), "booking page").toEqual([]);
      await expectNoSideways(page, "booking page");

      await page.getByRole("button", { name: "Book & Pay" }).click();
      await page.waitForURL(/\/booking-checkout\/\d+/);
      await expect(page.getByText(/^4:30 PM - 5:30 PM E[SD]T$/)).toBeVisible();
      await expectPlace(page);
      expect(await seriousA11yViolations(page), "checkout").toEqual([]);
      await expectNoSideways(page, "checkout");

      await page.goto("/my-bookings");
      await expect(page.getByText(/^4:30 PM - 5:30 PM E[SD]T$/)).toBeVisible();
      await expectPlace(page);
      expect(await seriousA11yViolations(page), "my bookings").toEqual([]);
      await expectNoSideways(page, "my bookings");
    });
  }

  for (const width of [1280, 360]) {
    test(`after paying, the booking success page shows the place with a Get directions link (${width} px)`, async () => {
      const page = await playerPage(width, "America/Los_Angeles");
      await page.goto(`/book-coach/${coachId}?slot=${tomorrowSlotId}`);
      await page.getByRole("button", { name: /60 min Group Session/ }).click();
      await page
        .getByRole("region", { name: "Start Time" })
        .getByRole("button", { name: /^4:30 PM/ })
        .click();
      await page.getByRole("button", { name: "Book & Pay" }).click();
      await page.waitForURL(/\/booking-checkout\/\d+$/);
      const bookingId = new URL(page.url()).pathname.split("/").pop();
      // The simulated card form (DESIGN.md 8): group 60 min $40.00 plus the 15% fee.
      await page.getByLabel("Card number", { exact: true }).fill("4242424242424242");
      await page.getByLabel("Expiration date", { exact: true }).pressSequentially("1230");
      await page.getByLabel("Security code", { exact: true }).fill("123");
      await page.getByLabel("ZIP code", { exact: true }).fill("21201");
      await page.getByRole("button", { name: "Pay $46.00" }).click();
      await page.waitForURL(/\/my-bookings\?success=true$/);

      await page.goto(`/booking-success?session_id=${bookingId}`);
      const confirmation = page.getByRole("main");
      await expect(confirmation.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
      await expect(confirmation.getByText(/^4:30 PM - 5:30 PM E[SD]T$/)).toBeVisible();
      await expectPlace(page);
      expect(await seriousA11yViolations(page), "booking success").toEqual([]);
      await expectNoSideways(page, "booking success");
    });
  }

  test("a player on the coach's own clock sees times without a zone label", async () => {
    const page = await playerPage(1280, COACH_ZONE);
    await page.goto(`/book-coach/${coachId}?slot=${tomorrowSlotId}`);
    await expect(page.getByRole("button", { name: /^4:00 PM - 6:00 PM/ })).toBeVisible();
    await expect(page.getByText(/E[SD]T/)).toHaveCount(0);
  });

  for (const width of [1280, 360]) {
    test(`the booking page never offers a start time that has already begun (${width} px)`, async () => {
      test.skip(startedSlotId === null, `near the coach's midnight there is no "rest of today" to test`);
      const page = await playerPage(width, COACH_ZONE);
      await page.goto(`/book-coach/${coachId}?slot=${startedSlotId}`);
      await page.getByRole("button", { name: /30 min Individual Session/ }).click();
      const startTimes = page.getByRole("region", { name: "Start Time" }).getByRole("button");
      await expect(startTimes.first()).toBeVisible();
      const offered = await startTimes.allTextContents();
      const now = instantToLocal(new Date(), COACH_ZONE).time;
      const nowMinutes = Number(now.slice(0, 2)) * 60 + Number(now.slice(3));
      for (const label of offered) expect(minutesOf(label), label).toBeGreaterThan(nowMinutes);
      if (width !== 360) return;
      // And booking the first one offered works (no "This time slot is in the past"); once, as the slot has one seat.
      await startTimes.first().click();
      await page.getByRole("button", { name: "Book & Pay" }).click();
      await page.waitForURL(/\/booking-checkout\/\d+/);
    });
  }
});
