import { mkdirSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { PRIVACY_POLICY_VERSION } from "@contract/children";
import { DEFAULT_COACH_PROFILE } from "@tests/factories/coaches";
import { makeBrowserCoach, makeBrowserPlayer } from "@tests/factories/browser-people";
import { uniqueEmail } from "@tests/factories/basics";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { labelInNameViolations, newPage, setUpBrowserFile } from "./support/browser";

/**
 * Issues 41 and 42 on a 390 px phone: a parent of two pays an unpaid hold with a package credit and
 * no card; the coach sees the minor's contact as the guardian's; the family page downloads an
 * athlete's data and deletes an athlete after a confirmation, without sideways scrolling.
 */

const PHONE = 390;
const SHOTS = "test-results/family-safety";

function daysAheadIn(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return addDaysToDate(today, days);
}

async function fitsThePhone(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(PHONE);
}

test.describe("family safety on a phone", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let parent: Page;
  let coach: Page;
  let rileyId: number;
  let samId: number;
  let holdId: number;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    t = await startE2eServer();
    ({ page: coach } = await newPage(browser, t.baseUrl));
    const profile = await makeBrowserCoach(
      coach,
      { email: uniqueEmail("coach"), password: "secret123", firstName: "Casey", lastName: "Coach" },
      DEFAULT_COACH_PROFILE,
    );
    const slot = await coach.request.post("/api/time-slots", {
      data: { date: daysAheadIn(profile.timeZone, 3), startTime: "10:00", endTime: "11:00", isGroup: false },
    });
    expect(slot.status()).toBe(201);
    const slotId = ((await slot.json()) as { id: number }).id;
    const pkg = await coach.request.post("/api/packages", {
      data: { title: "Four private hours", sessionType: "individual", duration: 60, sessionCount: 4, price: "300.00", validDays: 60 },
    });
    expect(pkg.status()).toBe(201);
    const packageId = ((await pkg.json()) as { id: number }).id;
    const rate = profile.rates.find((r) => r.sessionType === "individual" && r.duration === 60);

    ({ page: parent } = await newPage(browser, t.baseUrl, { width: PHONE }));
    await makeBrowserPlayer(parent, { firstName: "Dana", lastName: "Whitaker" });
    const addAthlete = async (firstName: string, birthday: string) => {
      const res = await parent.request.post("/api/athletes", {
        data: { firstName, lastName: "Whitaker", birthday, position: "Attack", consent: { policyVersion: PRIVACY_POLICY_VERSION } },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    rileyId = await addAthlete("Riley", "2015-04-12");
    samId = await addAthlete("Sam", "2013-09-01");
    // Four credits, bought by card before.
    const purchase = await parent.request.post(`/api/packages/${packageId}/purchase`, { data: {} });
    expect(purchase.status()).toBe(201);
    const { paymentIntentId } = (await purchase.json()) as { paymentIntentId: string };
    const paid = await parent.request.post("/api/payments/simulated/confirm", {
      data: { paymentIntentId, cardNumber: "4242424242424242" },
    });
    expect(paid.status()).toBe(200);
    // A seat held for Riley, to be paid: the hold the family comes back to.
    const hold = await parent.request.post("/api/bookings", {
      data: { timeSlotId: slotId, rateId: rate?.id, sessionType: "individual", duration: 60, athleteId: rileyId },
    });
    expect(hold.status()).toBe(201);
    holdId = ((await hold.json()) as { id: number }).id;
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("a parent of two pays the held seat with a credit, and no card is asked", async () => {
    await parent.goto(`/booking-checkout/${holdId}`);
    const useCredit = parent.getByRole("button", { name: "Book with a credit (4 left)" });
    await expect(useCredit).toBeVisible();
    await expect(parent.getByRole("button", { name: "Pay by card instead" })).toBeVisible();
    await expect(parent.getByLabel("Card number", { exact: true })).toHaveCount(0);
    await fitsThePhone(parent);
    await useCredit.click();
    await parent.waitForURL(/\/my-bookings\?success=credit$/);
    await expect(parent.getByText("Booked with a credit. No card was charged.")).toBeVisible();
    const card = parent.getByTestId(`booking-${holdId}`);
    await expect(card.getByText("Paid with a credit")).toBeVisible();
    await expect(card.getByText(/\$\d+\.\d\d total/)).toHaveCount(0);
    await expect(parent.getByTestId("credits-remaining")).toHaveText("3 of 4 left");
    await fitsThePhone(parent);
    await parent.screenshot({ path: `${SHOTS}/my-bookings-390.png`, fullPage: true });
  });

  test("the coach sees Riley's contact as the guardian's: 'Guardian: Dana Whitaker'", async () => {
    await coach.goto("/my-bookings");
    const card = coach.getByTestId(`booking-${holdId}`);
    await expect(card.getByTestId("coach-contact-label")).toHaveText("Guardian: Dana Whitaker");
    await expect(card.getByText(/410\D?555\D?0100/)).toBeVisible();
  });

  test("the family page downloads an athlete's data and deletes an athlete after a confirmation, at 390 px", async () => {
    await parent.goto("/family");
    await expect(parent.getByRole("heading", { name: "My Family" })).toBeVisible();
    const sam = parent.getByRole("listitem").filter({ has: parent.getByRole("link", { name: "Sam Whitaker" }) });
    await expect(sam.getByRole("button", { name: "Delete athlete Sam Whitaker" })).toBeVisible();
    await expect(parent.getByRole("button", { name: "Delete athlete Riley Whitaker" })).toBeVisible();
    await expect(parent.getByLabel("Invite a guardian by e-mail")).toBeVisible();
    await fitsThePhone(parent);
    await parent.screenshot({ path: `${SHOTS}/family-390.png`, fullPage: true });

    const riley = parent.getByRole("listitem").filter({ has: parent.getByRole("link", { name: "Riley Whitaker" }) });
    // Age groups as the ages fall (issue 47): under 12 is Futures, so an 11-year-old is never "under 11".
    const rileyAge = ((await (await parent.request.get("/api/athletes")).json()) as { id: number; age: number }[]).find(
      (a) => a.id === rileyId,
    )!.age;
    const group = rileyAge < 12 ? "Futures (under 12)" : "Juniors (12-15)";
    await expect(riley.getByText(`Age ${rileyAge} · ${group} · Attack`, { exact: true })).toBeVisible();
    // Every button's accessible name starts with its visible words ("Download data of Riley Whitaker").
    expect(await labelInNameViolations(parent)).toEqual([]);
    const downloading = parent.waitForEvent("download");
    await riley.getByRole("button", { name: "Download data of Riley Whitaker" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`athlete-${rileyId}.json`);
    const saved = JSON.parse(readFileSync(await download.path(), "utf8")) as object;
    expect(JSON.stringify(saved)).toContain("Riley");

    await sam.getByRole("button", { name: "Delete athlete Sam Whitaker" }).click();
    const dialog = parent.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Delete Sam Whitaker?" })).toBeVisible();
    await expect(dialog.getByText(/anonymised/)).toBeVisible();
    await fitsThePhone(parent);
    await parent.screenshot({ path: `${SHOTS}/family-delete-390.png` });
    await dialog.getByRole("button", { name: "Delete athlete" }).click();
    await expect(parent.getByRole("link", { name: "Sam Whitaker" })).toHaveCount(0);
    const left = await parent.request.get("/api/athletes");
    expect(((await left.json()) as { id: number }[]).map((a) => a.id)).not.toContain(samId);
  });
});
