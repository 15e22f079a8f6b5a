import { expect, test, type Page } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { PACKAGE_TERMS } from "@contract/package-basics";
import { makeCoach } from "@tests/factories/coaches";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";

/** A date `days` after today in the coach's zone (the default coach's ZIP 21201 is Baltimore). */
function daysAheadIn(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return addDaysToDate(today, days);
}

/**
 * Issue 42 part B in a browser (DESIGN.md 12): a package is offered and charged at the family's
 * price; a family holding credits is offered "Book with a credit (N left)" first, books without a
 * card, and the session then says "Paid with a credit" instead of a total.
 */
test.describe("credits first, one price for packages", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let coachId: number;
  let player: Page;

  test.beforeAll(async ({ browser }) => {
    // Building and starting the app on a loaded machine can take longer than one test's minute.
    test.setTimeout(240_000);
    t = await startE2eServer();
    // The default profile: individual 60 at $85.00, so a family pays $97.75 a session.
    const coach = await makeCoach(t, { firstName: "Casey", lastName: "Coach" });
    coachId = coach.coach.id;
    const slot = await coach.agent
      .post("/api/time-slots")
      .send({ date: daysAheadIn(coach.coach.timeZone, 3), startTime: "10:00", endTime: "11:00", isGroup: false });
    expect(slot.status).toBe(201);
    const pkg = await coach.agent
      .post("/api/packages")
      .send({ title: "Four private hours", sessionType: "individual", duration: 60, sessionCount: 4, price: "300.00", validDays: 60 });
    expect(pkg.status).toBe(201);
    ({ page: player } = await newPage(browser, t.baseUrl));
    await makeBrowserPlayer(player, {});
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("a package checkout shows the fee-inclusive price, valid until, who may use it, and charges that", async () => {
    // $300.00 + 15% = $345.00 for 4: $86.25 a session instead of $97.75, saving 4 x 97.75 - 345 = $46.00.
    await player.goto(`/coach/${coachId}`);
    const offer = player.getByRole("listitem", { name: "Four private hours" });
    await expect(offer.getByText("$345.00", { exact: true })).toBeVisible();
    await expect(offer.getByText("($86.25 per session instead of $97.75)")).toBeVisible();
    await expect(offer.getByText("Save $46.00")).toBeVisible();
    await offer.getByRole("button", { name: "Buy Four private hours" }).click();

    await player.waitForURL(/\/package-checkout\/\d+$/);
    const terms = player.getByRole("definition");
    await expect(player.getByLabel("Package").getByText("Casey Coach")).toBeVisible();
    await expect(player.getByLabel("Package").getByText("4 credits: 4 × 60-minute private sessions")).toBeVisible();
    // 60 days from now, as the page shows it: in the browser's zone.
    const timeZone = await player.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const validUntil = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone }).format(
      new Date(Date.now() + 60 * 24 * 3600 * 1000),
    );
    await expect(player.getByLabel("Package").getByText(validUntil)).toBeVisible();
    await expect(terms.getByText(PACKAGE_TERMS.WHO_MAY_USE)).toBeVisible();
    await expect(player.getByText(PACKAGE_TERMS.REFUND_RULES)).toBeVisible();
    const price = player.getByLabel("Price");
    await expect(price.getByText("You save")).toBeVisible();
    await expect(price.getByText("$345.00")).toBeVisible();
    await expect(player.getByRole("link", { name: "Back to Casey Coach" })).toBeVisible();

    // The card form charges exactly the total shown.
    await player.getByLabel("Card number", { exact: true }).fill("4242424242424242");
    await player.getByLabel("Expiration date", { exact: true }).pressSequentially("1230");
    await player.getByLabel("Security code", { exact: true }).fill("123");
    await player.getByLabel("ZIP code", { exact: true }).fill("21201");
    await player.getByRole("button", { name: "Pay $345.00" }).click();
    await expect(player.getByText("Payment successful! 4 credits are ready to use.")).toBeVisible();
    const charged = await player.request.get("/api/credits");
    expect((await charged.json())[0]).toMatchObject({ totalPaid: "345.00", remaining: 4 });
  });

  test("with credits, the first action is 'Book with a credit (4 left)'; it books without a card and the session says 'Paid with a credit'", async () => {
    await player.goto(`/book-coach/${coachId}`);
    await player.getByRole("button", { name: /10:00 AM - 11:00 AM/ }).click();
    await player.getByRole("button", { name: /60 min Individual Session/ }).click();
    await player.getByRole("region", { name: "Start Time" }).getByRole("button", { name: "10:00 AM" }).click();
    const actions = player.getByRole("button", { name: /^(Book with a credit|Pay by card instead|Book & Pay)/ });
    await expect(actions.first()).toHaveText("Book with a credit (4 left)");
    await expect(player.getByRole("button", { name: "Book & Pay" })).toHaveCount(0);
    await actions.first().click();

    // No checkout, no card form: the seat is confirmed at once.
    await player.waitForURL(/\/my-bookings$/);
    await expect(player.getByLabel("Card number", { exact: true })).toHaveCount(0);
    const upcoming = player.getByRole("region", { name: "Upcoming Sessions" });
    await expect(upcoming.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(upcoming.getByTestId("payment-line")).toHaveText("Paid with a credit");
    await expect(upcoming.getByText(/\$\d+\.\d\d total/)).toHaveCount(0);
  });
});
