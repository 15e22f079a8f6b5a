import { expect, test, type Page } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { instantToLocal } from "@server/features/slots/slot-time";
import { makeCoach } from "@tests/factories/coaches";
import { uniqueEmail } from "@tests/factories/basics";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { newPage, seriousA11yViolations, useBrowserFile } from "./support/browser";

const COACH_ZONE = "America/New_York";
const PHONE = 390;
const PASSWORD = "secret123";

/**
 * Issue 29 ("First impressions") and the client items of issue 28, as a parent on a phone and a
 * busy coach see them: look before signing in, one price, one word for each state, actions first.
 */
test.describe("first impressions: look before signing in, one price, one word per state, actions first", () => {
  const { t, browser } = useBrowserFile();
  let coachId: number;
  let slotId: number;
  let coachEmail: string;
  let coachPassword: string;
  let player: Page;
  const playerEmail = uniqueEmail("impressions-player");

  test.beforeAll(async () => {
    const coach = await makeCoach(t, {
      firstName: "Morgan",
      lastName: "Reyes",
      title: "Former D1 Attackman",
      specializations: ["Attack"],
      allowSessionRequests: true,
      rates: [{ sessionType: "individual", duration: 60, rate: "80.00" }],
    });
    coachId = coach.coach.id;
    coachEmail = coach.email;
    coachPassword = coach.password;
    const today = instantToLocal(new Date(), COACH_ZONE).date;
    const created = await coach.agent.post("/api/time-slots").send({
      date: addDaysToDate(today, 2),
      startTime: "16:00",
      endTime: "17:00",
      locationName: "Memorial Field",
      locationAddress: "100 Main St, Baltimore, MD 21201",
      isGroup: false,
      capacity: 1,
    });
    expect(created.status).toBe(201);
    slotId = created.body.id as number;
  });

  async function visitor(width = PHONE): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl, { width });
    page.setDefaultTimeout(30_000);
    return page;
  }

  async function expectNoSideways(page: Page) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }

  test("a visitor on a phone searches: the card keeps name, title and distance readable, shows New coach and each time's price and length", async () => {
    const page = await visitor();
    await page.goto("/find-coaches?position=Attack&zipcode=21201&radius=25");
    const card = page.getByTestId("coach-card").first();
    await expect(card.getByRole("heading", { name: "Morgan Reyes" })).toBeVisible();
    await expect(card.getByText("New coach", { exact: true })).toBeVisible();
    await expect(card.getByText("$92.00 / 60 min individual")).toBeVisible();
    await expect(card.getByText("60 min · $92.00").first()).toBeVisible();
    // The View Profile button wraps below instead of squeezing the facts to a word a line.
    const facts = (await card.getByTestId("coach-card-facts").boundingBox())!;
    expect(facts.width).toBeGreaterThan(180);
    const title = card.getByText("Former D1 Attackman", { exact: true });
    const titleBox = (await title.boundingBox())!;
    expect(titleBox.height).toBeLessThan(40);
    await expect(card.getByText(/miles away/)).toBeVisible();
    expect((await card.getByText(/miles away/).boundingBox())!.height).toBeLessThan(30);
    await expectNoSideways(page);
    await page.context().close();
  });

  test("a visitor opens the profile: prices families pay, no zero figures, where the coach trains, and Request another time beside Book Session", async () => {
    const page = await visitor();
    const html = await (await page.request.get(`/coach/${coachId}`)).text();
    expect(html).toMatch(/<title>Morgan Reyes, Former D1 Attackman[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="Morgan Reyes coaches Attack lacrosse/);
    await page.goto(`/coach/${coachId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Morgan Reyes" })).toBeVisible();
    await expect(page).toHaveTitle(/Morgan Reyes/);
    await expect(page.getByRole("link", { name: "Book Session" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request another time" })).toBeVisible();
    await expect(page.getByText("$92.00", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Sessions taught")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Usually trains at" }).getByText(/Memorial Field/)).toBeVisible();
    await page.getByRole("link", { name: "Request another time" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/coach/${coachId}?request=true`);
    await page.context().close();
  });

  test("the login chooser says what the product is and offers a free account; Get Started opens registration; Find Your Coach opens the search", async () => {
    const page = await visitor();
    await page.goto("/login");
    await expect(page.getByTestId("product-line")).toHaveText(/find and book lacrosse coaches/i);
    await page.getByRole("button", { name: "Create a free account" }).click();
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();

    await page.goto("/landing");
    for (const claim of ["4.9/5", "500+", "50+"]) await expect(page.getByText(claim, { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    await page.goto("/landing");
    await page.getByRole("button", { name: "Find Your Coach" }).first().click();
    await page.waitForURL((url) => url.pathname === "/find-coaches");
    await page.context().close();
  });

  test("on a phone, a family with a ZIP on its profile opens Find a Coach on the coaches near it, the ZIP in the field", async () => {
    const family = await visitor();
    await makeBrowserPlayer(family, { position: "Attack" });
    const saved = await family.request.patch("/api/users/profile", { data: { preferredLocation: "21201", maxTravelDistance: 25 } });
    expect(saved.status()).toBe(200);
    await family.goto("/find-coaches");
    // As if they had searched their ZIP: the results, the ZIP in the field, the search in the address.
    await expect(family.getByTestId("coach-card").filter({ hasText: "Morgan Reyes" })).toBeVisible();
    await expect(family.getByLabel("Zipcode")).toHaveValue("21201");
    await family.waitForURL((url) => url.pathname === "/find-coaches" && url.searchParams.get("zipcode") === "21201");
    expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    expect(await seriousA11yViolations(family)).toEqual([]);
    await family.context().close();

    // A visitor (no profile, no ZIP) still opens the form with nothing searched.
    const page = await visitor();
    await page.goto("/find-coaches");
    await expect(page.getByLabel("Zipcode")).toHaveValue("");
    await expect(page.getByTestId("coach-card")).toHaveCount(0);
    await page.context().close();
  });

  test("Book & Pay asks a visitor to sign in and brings them back to the same coach and slot", async () => {
    // The account exists already (made elsewhere); this browser is signed out.
    const { page: other } = await newPage(browser, t.baseUrl);
    await makeBrowserPlayer(other, { email: playerEmail, password: PASSWORD, firstName: "Jamie", lastName: "Parent", position: "Attack" });
    await other.context().close();

    player = await visitor();
    await player.goto(`/book-coach/${coachId}?slot=${slotId}`);
    await expect(player.getByTestId("slot-offer").first()).toHaveText("60 min · $92.00");
    await player.getByRole("button", { name: /60 min Individual Session/ }).click();
    await expect(player.getByRole("button", { name: /60 min Individual Session/ })).toContainText("$92.00");
    await player.getByRole("button", { name: "Book & Pay" }).click();
    await player.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/book-coach/${coachId}?slot=${slotId}`);
    await player.getByLabel("Email").fill(playerEmail);
    await player.getByLabel("Password").fill(PASSWORD);
    await player.getByRole("button", { name: "Sign In" }).click();
    await player.waitForURL((url) => url.pathname === `/book-coach/${coachId}` && url.searchParams.get("slot") === String(slotId));
    await expect(player.locator(`button[aria-pressed="true"]`).first()).toBeVisible();
  });

  test("checkout names the fee and states the cancellation policy before paying; My Bookings keeps the hold in a Finish booking strip", async () => {
    await player.getByRole("button", { name: /60 min Individual Session/ }).click();
    await player.getByRole("region", { name: "Start Time" }).getByRole("button").first().click();
    await player.getByRole("button", { name: "Book & Pay" }).click();
    await player.waitForURL(/\/booking-checkout\/\d+$/);
    await expect(player.getByText("Platform fee (15%)")).toBeVisible();
    await expect(player.getByTestId("summary-total")).toHaveText("$92.00");
    await expect(player.getByTestId("cancellation-policy")).toContainText("24 hours or more before the session for a full refund");
    await expect(player.getByText(/Your spot is held for (\d+:)?\d\d:\d\d$/)).toBeVisible();

    await player.goto("/my-bookings");
    const strip = player.getByRole("region", { name: "Finish booking" });
    await expect(strip).toBeVisible();
    await expect(strip.getByRole("timer")).toHaveText(/Held for (\d+:)?\d\d:\d\d/);
    await expect(strip.getByRole("link", { name: "Pay now" })).toBeVisible();
    await expect(player.getByRole("region", { name: "Upcoming Sessions" }).getByText("Awaiting Payment", { exact: true })).toBeVisible();
    await expect(player.getByText("Booked", { exact: true })).toHaveCount(0);
  });

  test("the coach's pages: role navigation, payout banner first, the hold reads Held with its expiry, never Booked, and both sides of each rate", async () => {
    const { page } = await newPage(browser, t.baseUrl, { width: 1280 });
    page.setDefaultTimeout(30_000);
    expect(
      (await page.request.post("/api/auth/login", { data: { email: coachEmail, password: coachPassword, intent: "coach" } })).ok(),
    ).toBe(true);
    // The first date format's data is read by a worker of its own (public/intl-warm-up.js), which the page's policy allows.
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) refused.push(message.text());
    });
    const warmUp = page.waitForEvent("worker");
    await page.goto("/coach-dashboard");
    expect(new URL((await warmUp).url()).pathname).toBe("/intl-warm-up.js");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of ["Dashboard", "Bookings", "Time Slots", "Messages"])
      await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Find/ })).toHaveCount(0);
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: /Login/ })).toHaveCount(0);
    await expect(page.getByTestId("payout-setup-banner")).toContainText("Finish payment setup");
    // Payout setup, then requests to answer, then the next session, then the figures.
    await expect(page.locator("#session-requests-heading")).toBeVisible();
    await expect(page.locator("#next-session-heading")).toBeVisible();
    await expect(page.getByTestId("stat-this-week")).toBeVisible();
    const order = await page.evaluate(() =>
      ["payout-setup-banner", "session-requests-heading", "next-session-heading", "stat-this-week"].map((id) => {
        const el = document.querySelector(`[data-testid="${id}"]`) ?? document.getElementById(id);
        return el ? el.getBoundingClientRect().top : -1;
      }),
    );
    expect(order.every((top) => top >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.getByText("Live", { exact: true })).toHaveCount(0);
    expect(refused).toEqual([]);
    await expect(
      page.getByRole("region", { name: "Bookings Awaiting Payment" }).getByText(/^Held until \d{1,2}:\d\d [AP]M$/),
    ).toBeVisible();

    await page.goto("/manage-slots");
    const card = page.locator(`[data-testid="slot-card"][data-slot-id="${slotId}"]`);
    await expect(card.getByText(/^Held until \d{1,2}:\d\d [AP]M$/)).toBeVisible();
    await expect(card.getByText("Booked", { exact: true })).toHaveCount(0);

    await page.goto("/coach-setup");
    await expect(page.getByText("players pay $92.00, you receive $80.00")).toBeVisible();
    await page.context().close();
  });

  test("after paying, the success page names the coach, player, time, place and amount paid with a receipt; a visitor sees no payment", async () => {
    await player.goto("/my-bookings");
    await player.getByRole("region", { name: "Finish booking" }).getByRole("link", { name: "Pay now" }).click();
    await player.waitForURL(/\/booking-checkout\/\d+$/);
    await player.getByLabel("Card number", { exact: true }).fill("4242424242424242");
    await player.getByLabel("Expiration date", { exact: true }).pressSequentially("1230");
    await player.getByLabel("Security code", { exact: true }).fill("123");
    await player.getByLabel("ZIP code", { exact: true }).fill("21201");
    await player.getByRole("button", { name: "Pay $92.00" }).click();
    await player.waitForURL((url) => url.pathname === "/my-bookings");
    await expect(player.getByRole("region", { name: "Finish booking" })).toHaveCount(0);
    await expect(player.getByRole("region", { name: "Upcoming Sessions" }).getByText("Confirmed", { exact: true })).toBeVisible();

    await player.goto("/booking-success");
    await expect(player.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(player.getByText("Morgan Reyes", { exact: true })).toBeVisible();
    await expect(player.getByText("Jamie Parent", { exact: true })).toBeVisible();
    await expect(player.getByText("Memorial Field", { exact: true })).toBeVisible();
    await expect(player.getByTestId("amount-paid")).toHaveText("$92.00");
    await expect(player.getByRole("button", { name: "Print receipt" })).toBeVisible();
    await expect(player.getByRole("link", { name: "Apple Maps" })).toHaveAttribute("href", /^https:\/\/maps\.apple\.com\/\?daddr=/);

    const page = await visitor();
    await page.goto("/booking-success");
    await expect(page.getByRole("heading", { name: "No booking to show" })).toBeVisible();
    await expect(page.getByText("Payment Successful!")).toHaveCount(0);
    await page.context().close();
  });

  test("a payment still processing after 3-D Secure shows a clear waiting state", async () => {
    await player.goto("/booking-success?payment_intent=pi_still_processing&redirect_status=processing");
    await expect(player.getByRole("heading", { name: "Payment processing" })).toBeVisible();
    await expect(player.getByText("Payment Successful!")).toHaveCount(0);
  });

  test("on a phone, the e-mail verification banner fits and signed-in users see no login links in the footer", async () => {
    const { page } = await newPage(browser, t.baseUrl, { width: PHONE });
    page.setDefaultTimeout(30_000);
    const longEmail = uniqueEmail("a-very-long-family-address-for-testing", "example-lacrosse-families.com");
    await makeBrowserPlayer(page, { email: longEmail, password: PASSWORD, firstName: "Lee", lastName: "Long", position: "Goalie" });
    await page.goto("/my-bookings");
    await expect(page.getByText("Verify your e-mail.")).toBeVisible();
    await expectNoSideways(page);
    await expect(page.locator("footer").getByRole("link", { name: /Login/ })).toHaveCount(0);
    await page.context().close();
  });
});
