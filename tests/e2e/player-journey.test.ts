import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlayerMessages } from "../../src/contract/players";
import { SearchMessages } from "../../src/contract/search";
import { canRunBrowser, launchBrowser, newPage, startE2eServer, type E2eServer } from "./support/browser";

/** Issue 5: a player sets up, searches, opens a coach, comes back to the same search, and matches. */
describe.skipIf(!canRunBrowser)("player journey: onboarding, search, coach profile and matching", () => {
  let t: E2eServer;
  let browser: Browser;
  let player: Page;

  beforeAll(async () => {
    // The demo marketplace gives coaches with open times around New York (10001).
    t = await startE2eServer({ SEED_DEMO: "true" });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function freshPage(): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl);
    page.setDefaultTimeout(20_000);
    return page;
  }

  let sequence = 0;
  async function registerPlayer(page: Page, firstName: string) {
    await page.goto("/login?intent=player");
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("First name").fill(firstName);
    await page.getByLabel("Last name").fill("Stone");
    await page.getByLabel("Email").fill(`${firstName.toLowerCase()}-${process.pid}-${++sequence}@example.com`);
    await page.getByLabel("Password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  }

  async function choose(page: Page, label: string, option: string) {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }

  async function expectToast(page: Page, title: string, description: string) {
    await page.getByText(title, { exact: true }).waitFor();
    await page.getByText(description, { exact: true }).waitFor();
  }

  const currentUser = (page: Page) => page.request.get("/api/auth/user").then((r) => r.json());

  async function finishLocationAndProfile(page: Page) {
    await page.getByRole("heading", { name: "Location Preferences" }).waitFor();
    // 10128 has coaches within a few miles but none within one (the matching test relies on it).
    await page.getByLabel("ZIP code").pressSequentially("10a128");
    expect(await page.getByLabel("ZIP code").inputValue()).toBe("10128");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Playing Profile" }).waitFor();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expectToast(page, PlayerMessages.INCOMPLETE.title, PlayerMessages.INCOMPLETE.description);
    await choose(page, "Position", "Midfield");
    await choose(page, "Age group", "High School (16-18)");
    await choose(page, "Skill level", "Intermediate");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await page.getByRole("heading", { name: "Player Setup" }).waitFor({ state: "detached" });
  }

  it("a new adult player is held at the set-up wizard until it is complete", async () => {
    player = await freshPage();
    await registerPlayer(player, "Riley");
    await player.getByRole("heading", { name: "Player Setup" }).waitFor();
    await player.getByRole("heading", { name: "Player Information" }).waitFor();

    await player.goto("/find-coaches");
    await player.waitForURL((url) => url.pathname === "/");
    await player.getByRole("heading", { name: "Player Setup" }).waitFor();

    await player.getByRole("button", { name: "Next" }).click();
    await expectToast(player, PlayerMessages.INCOMPLETE.title, PlayerMessages.INCOMPLETE.description);
    await player.getByLabel("Phone number").fill("(410) 555-0100");
    await player.getByLabel("Birthday").pressSequentially("011520");
    expect(await player.getByLabel("Birthday").inputValue()).toBe("01/15/20");
    await player.getByRole("button", { name: "Next" }).click();
    await expectToast(player, PlayerMessages.INVALID_BIRTHDAY.title, PlayerMessages.INVALID_BIRTHDAY.description);
    await player.getByLabel("Birthday").fill("");
    await player.getByLabel("Birthday").pressSequentially("011520009999");
    expect(await player.getByLabel("Birthday").inputValue()).toBe("01/15/2000");
    expect(await player.getByText("Parent/Guardian Information").count()).toBe(0);
    await player.getByRole("button", { name: "Next" }).click();

    await finishLocationAndProfile(player);
    await player.waitForURL((url) => url.pathname === "/");
    await player.getByText("Welcome back, Riley!").waitFor();
    const user = await currentUser(player);
    expect(user).toMatchObject({ phoneNumber: "+14105550100", birthday: "2000-01-15", position: "Midfield", preferredLocation: "10128" });
    expect(user.maxTravelDistance).toBe(25);
    expect(user.secondaryPosition).toBeNull();

    await player.goto("/player-onboarding");
    await player.waitForURL((url) => url.pathname === "/", { waitUntil: "commit" });
  });

  it("a minor must give a parent's details and the parent's SMS consent before going on", async () => {
    const page = await freshPage();
    await registerPlayer(page, "Jamie");
    await page.getByLabel("Phone number").fill("410-555-0111");
    const twelveYearsAgo = new Date().getFullYear() - 12;
    await page.getByLabel("Birthday").pressSequentially(`0101${twelveYearsAgo}`);
    await page.getByText("Parent/Guardian Information").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await expectToast(page, PlayerMessages.MISSING_PARENT.title, PlayerMessages.MISSING_PARENT.description);

    await page.getByLabel("Parent first name").fill("Pat");
    await page.getByLabel("Parent last name").fill("Stone");
    await page.getByLabel("Parent phone number").fill("410-555-0199");
    await page.getByLabel("Parent email").fill("pat.stone@example.com");
    await page.getByRole("button", { name: "Next" }).click();
    await expectToast(page, PlayerMessages.PARENT_SMS_CONSENT.title, PlayerMessages.PARENT_SMS_CONSENT.description);
    await page.getByRole("checkbox", { name: /parent\/guardian, I agree/i }).click();
    await page.getByRole("button", { name: "Next" }).click();

    await finishLocationAndProfile(page);
    expect(await currentUser(page)).toMatchObject({
      birthday: `${twelveYearsAgo}-01-01`,
      parentFirstName: "Pat",
      parentEmail: "pat.stone@example.com",
      parentSmsOptIn: true,
    });
    await page.context().close();
  });

  it("the player searches, sees the validation messages, opens a coach and goes back to the same search", async () => {
    await player.goto("/find-coaches");
    // Prefilled from the player's profile: Midfield, 10128, 25 miles.
    expect(await player.getByLabel("Zipcode").inputValue()).toBe("10128");
    await player.getByLabel("Position").getByText("Midfield").waitFor();

    await player.getByLabel("Zipcode").fill("");
    await player.getByRole("button", { name: "Search" }).click();
    await player.getByText(SearchMessages.REQUIRED).waitFor();
    await player.getByLabel("Zipcode").fill("1234");
    await player.getByRole("button", { name: "Search" }).click();
    await player.getByText(SearchMessages.ZIPCODE_FORMAT).waitFor();
    await player.getByLabel("Zipcode").fill("");
    await player.getByLabel("Zipcode").pressSequentially("1000123");
    expect(await player.getByLabel("Zipcode").inputValue()).toBe("10001");

    await choose(player, "Radius", "50 miles");
    await player.getByRole("button", { name: "Search" }).click();
    await player.waitForURL((url) => url.pathname === "/find-coaches" && url.searchParams.get("radius") === "50");
    expect(new URL(player.url()).searchParams.get("position")).toBe("Midfield");
    expect(new URL(player.url()).searchParams.get("zipcode")).toBe("10001");
    const cards = player.getByTestId("coach-card");
    await cards.first().waitFor();
    const firstTime = cards.first().getByRole("link", { name: / · / }).first();
    expect(await firstTime.getAttribute("href")).toMatch(/^\/book-coach\/\d+\?slot=\d+$/);
    const times = cards.first().getByRole("link", { name: / · / });
    expect(await times.count()).toBeLessThanOrEqual(6);
    const showMore = cards.first().getByRole("button", { name: /^Show more/ });
    if ((await times.count()) === 6 && (await showMore.count()) > 0) {
      await showMore.click();
      // Every bookable time loads from the server when opened.
      await times.nth(6).waitFor();
    }
    const searchUrl = player.url();

    const coachName = await cards.first().getByRole("heading", { level: 2 }).textContent();
    await cards.first().getByRole("link", { name: "View Profile" }).click();
    await player.waitForURL((url) => /^\/coach\/\d+$/.test(url.pathname));
    await player.getByRole("heading", { level: 1, name: coachName ?? "" }).waitFor();
    // Real figures only: the rating from students' reviews and the sessions taught, never placeholders.
    await player.getByText("Sessions taught", { exact: true }).waitFor();
    expect(await player.getByText("4.9 (42 reviews)").count()).toBe(0);
    const slotLinks = player.getByRole("list", { name: "Next available times" }).getByRole("link");
    expect(await slotLinks.count()).toBeGreaterThan(0);
    expect(await slotLinks.count()).toBeLessThanOrEqual(5);
    await player.getByRole("link", { name: "Book Session" }).waitFor();

    await player.getByRole("link", { name: "Back to Search" }).click();
    await player.waitForURL(searchUrl);
    await player.getByTestId("coach-card").first().waitFor();
    expect(await player.getByLabel("Zipcode").inputValue()).toBe("10001");

    // The last search outlives the address for an hour: the bare page restores it.
    await player.goto("/find-coaches");
    await player.getByTestId("coach-card").first().waitFor();
    await player.getByLabel("Radius").getByText("50 miles").waitFor();
  });

  it("the profile page requires SMS consent, saves, and checks a photo before uploading it", async () => {
    await player.goto("/player-profile");
    await player.getByRole("heading", { name: "My Profile" }).waitFor();
    expect(await player.getByLabel("Birthday").inputValue()).toBe("01/15/2000");
    await player.getByLabel("Phone number").fill("(410) 555-0123");
    await player.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(player, PlayerMessages.SMS_CONSENT.title, PlayerMessages.SMS_CONSENT.description);
    await player.getByRole("checkbox", { name: /I agree to receive text messages about my sessions/ }).click();
    await choose(player, "Maximum travel distance", "50+ miles");
    await player.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(player, "Profile Updated!", "Preferences updated");
    expect(await currentUser(player)).toMatchObject({ phoneNumber: "+14105550123", smsOptIn: true, maxTravelDistance: 50 });

    const fileInput = player.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expectToast(player, "Invalid File", "Please select an image file.");
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0e6139" } })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await player.getByText("Image Uploaded", { exact: true }).waitFor();
    await player.getByRole("img", { name: "Profile photo" }).waitFor();
    expect((await currentUser(player)).profileImageUrl).toMatch(/^\/uploads\//);
  });

  it("a coach profile with a non-numeric id shows the error text", async () => {
    await player.goto("/coach/abc");
    await player.getByText("Coach not found or error loading profile").waitFor();
  });

  it("a coach profile opened with ?book=true goes straight to that coach's booking page", async () => {
    await player.goto("/coach/1?book=true");
    await player.waitForURL(/\/book-coach\/1$/);
  });

  it("the player uses Quick Match and Custom Search, down to an empty result and Clear Filters", async () => {
    await player.goto("/match-coaches");
    await player.getByRole("tab", { name: "Quick Match", selected: true }).waitFor();
    const badge = player.getByRole("status").filter({ hasText: /coach(es)? found$/ });
    await badge.waitFor();
    expect(await badge.textContent()).toMatch(/^(1 coach|\d+ coaches) found$/);
    const quickCards = player.getByTestId("match-card");
    await quickCards.first().waitFor();
    await quickCards
      .first()
      .getByText(/^\d+% match$/)
      .waitFor();
    await quickCards
      .first()
      .getByText(/^From \$\d+(\.\d\d)?\/session$/)
      .waitFor();
    await quickCards.first().getByRole("link", { name: "View Profile" }).waitFor();
    expect(await quickCards.first().getByRole("link", { name: "Book Session" }).getAttribute("href")).toMatch(/^\/book-coach\/\d+$/);

    await player.getByRole("tab", { name: "Custom Search" }).click();
    await player.getByRole("form", { name: "Filters" }).waitFor();
    await player.getByTestId("match-card").first().waitFor();

    // No coach is within a mile of the player's ZIP (10128), so a 1-mile search is empty.
    const filters = player.getByRole("form", { name: "Filters" });
    await choose(player, "Position", "Goalie");
    await filters.getByLabel("Max distance (miles)").fill("1");
    await filters.getByRole("button", { name: "Find Matches" }).click();
    await player.getByRole("heading", { name: "No coaches found" }).waitFor();
    await player.getByText("0 coaches found").waitFor();

    await player.getByRole("region", { name: "Matches" }).getByRole("button", { name: "Clear Filters" }).click();
    await player.getByTestId("match-card").first().waitFor();
    expect(await filters.getByLabel("Max distance (miles)").inputValue()).toBe("25");
  });

  it("the player's pages fit a 360 px phone without sideways scrolling", async () => {
    const { context, page } = await newPage(browser, t.baseUrl, { width: 360 });
    await context.addCookies(await player.context().cookies());
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto("/find-coaches?position=Midfield&zipcode=10128&radius=25");
    const coachLink = page.getByRole("link", { name: "View Profile" }).first();
    await coachLink.waitFor();
    expect(await sideways(), "find coaches").toBe(0);
    const coachPath = (await coachLink.getAttribute("href"))!;

    await page.goto("/match-coaches");
    await page.getByTestId("match-card").first().waitFor();
    expect(await sideways(), "quick match").toBe(0);
    await page.getByRole("tab", { name: "Custom Search" }).click();
    await page.getByRole("form", { name: "Filters" }).waitFor();
    await page.getByTestId("match-card").first().waitFor();
    expect(await sideways(), "custom search").toBe(0);

    for (const [path, ready] of [
      [coachPath, "Back to Search"],
      [coachPath.replace("/coach/", "/book-coach/"), "Book & Pay"],
      ["/home", "Welcome back"],
      ["/my-bookings", "My Bookings"],
      ["/my-session-requests", "My Session Requests"],
      ["/player-profile", "Save Changes"],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).filter({ visible: true }).first().waitFor();
      expect(await sideways(), path).toBe(0);
    }
    await context.close();
  });
});
