import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CoachResponse } from "../../src/contract/coaches";
import type { PaymentAccountStatus } from "../../src/contract/payouts";
import type { TimeSlot } from "../../src/contract/slots";
import { addDaysToDate } from "../../src/contract/time";
import { canRunBrowser, launchBrowser, newPage, startE2eServer, type E2eServer } from "./support/browser";

const COACH = { email: "riley.onboarding@example.com", password: "strong-pass-1", firstName: "Riley", lastName: "Quinn" };

/** A toast by its text (CSS, because an open dialog hides the rest of the page from role queries). */
const toastWith = (page: Page, text: string) => page.locator('[aria-label^="Notifications"] li').filter({ hasText: text }).first();

const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** Issue 7: a new coach goes through the five onboarding steps with the simulated payment provider. */
describe.skipIf(!canRunBrowser)("coach onboarding: five steps, simulated payment account, first slot", () => {
  let t: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    t = await startE2eServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, t.baseUrl));
    // The machine running the suite may be busy; the steps wait for the server, not for a fixed time.
    page.setDefaultTimeout(30_000);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const stepHeading = (title: string) => page.getByText(new RegExp(`^Step \\d of 5: ${title}$`));
  const progress = () => page.getByRole("progressbar", { name: "Setup progress" }).getAttribute("aria-valuenow");

  it("a new coach completes every step, sets up the simulated account, and lands on the dashboard", async () => {
    const registered = await page.request.post("/api/auth/register", { data: { ...COACH, userType: "coach" } });
    expect(registered.status()).toBe(201);
    const { user, redirectUrl } = (await registered.json()) as { user: { id: number }; redirectUrl: string };
    expect(redirectUrl).toBe("/coach-onboarding");

    await page.goto(redirectUrl);
    await stepHeading("Personal Information").waitFor();
    await expect(progress()).resolves.toBe("20");
    await expect(page.getByRole("button", { name: "Previous" }).isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel("First name *").inputValue()).resolves.toBe("Riley");

    // Step 1 is gated: title, bio, zipcode, phone and a position.
    await page.getByRole("button", { name: "Next" }).click();
    await toastWith(page, "Please complete all required fields to continue").waitFor();
    await page.getByLabel("Phone number *").fill("(212) 555-0188");
    await page.getByLabel("Coaching title *").fill("Former D1 Goalie");
    await page.getByLabel("Bio *").fill("I coach goalies of every age in Manhattan.");
    await page.getByLabel("Zipcode *").fill("10001");
    await expect.poll(() => page.getByLabel("Location").inputValue()).toBe("New York, NY");
    await page.getByRole("button", { name: "Next" }).click();
    await toastWith(page, "Please complete all required fields to continue").waitFor();
    await page.getByRole("checkbox", { name: "Goalie" }).click();
    await page.getByRole("button", { name: "Next" }).click();

    await stepHeading("Session Rates").waitFor();
    await expect(progress()).resolves.toBe("40");
    const afterStep1 = (await (await page.request.get(`/api/coaches/user/${user.id}`)).json()) as CoachResponse;
    expect(afterStep1).toMatchObject({
      title: "Former D1 Goalie",
      zipcode: "10001",
      location: "New York, NY",
      specializations: ["Goalie"],
    });
    expect(afterStep1.user.phoneNumber).toBe("+12125550188");

    await page.getByRole("button", { name: "Next" }).click();
    await toastWith(page, "Please complete all required fields to continue").waitFor();
    await page.getByLabel("Individual, 60 minutes ($)").fill("90");
    await page.getByRole("button", { name: "Next" }).click();

    await stepHeading("Payment Setup").waitFor();
    await expect(progress()).resolves.toBe("60");
    // Without a complete payment account the wizard cannot go on.
    await page.getByRole("button", { name: "Next" }).click();
    await toastWith(page, "Please complete all required fields to continue").waitFor();

    // Leaving the provider's page unfinished brings the coach back to step 3 with a message.
    await page.getByRole("button", { name: "Set Up Payments" }).click();
    await page.waitForURL((url) => url.pathname === "/payments/simulated/onboarding");
    await page.getByText("simulated payment provider", { exact: false }).first().waitFor();
    await page.getByRole("button", { name: "Go back" }).click();
    await page.waitForURL((url) => url.pathname === "/coach-onboarding" && url.search === "?stripe=refresh");
    await stepHeading("Payment Setup").waitFor();
    await page.getByText("Your payment account setup is not finished yet. Please complete it to continue.").waitFor();

    await page.getByRole("button", { name: "Continue Setup" }).click();
    await page.waitForURL((url) => url.pathname === "/payments/simulated/onboarding");
    await page.getByRole("button", { name: "Complete account setup" }).click();
    await page.waitForURL((url) => url.pathname === "/coach-onboarding" && url.search === "?stripe=success");

    await stepHeading("Profile Photo").waitFor();
    await expect(progress()).resolves.toBe("80");
    const account = (await (await page.request.get("/api/stripe/connect/account-status")).json()) as PaymentAccountStatus;
    expect(account).toMatchObject({ hasAccount: true, accountComplete: true, payoutsEnabled: true });
    const afterStep2 = (await (await page.request.get(`/api/coaches/user/${user.id}`)).json()) as CoachResponse;
    expect(afterStep2.rates.map((r) => [r.sessionType, r.duration, r.rate])).toEqual([["individual", 60, "90.00"]]);

    // A photo is required.
    await page.getByRole("button", { name: "Next" }).click();
    await toastWith(page, "Please complete all required fields to continue").waitFor();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    await page.locator("input[type=file]").setInputFiles({ name: "riley.png", mimeType: "image/png", buffer: png });
    await toastWith(page, "Image Uploaded").waitFor();
    await expect.poll(() => page.getByTestId("onboarding-photo").getAttribute("src")).toMatch(/^\/uploads\//);
    await page.getByRole("button", { name: "Next" }).click();

    await stepHeading("Schedule").waitFor();
    await expect(progress()).resolves.toBe("100");
    const slotDate = addDaysToDate(todayIn("America/New_York"), 2);
    await page.getByLabel("Date").fill(slotDate);
    await page.getByLabel("Start time").fill("09:00");
    await page.getByLabel("End time").fill("10:00");
    await page.getByLabel("Location name").fill("Chelsea Park");
    // A group needs at least 2 players (the onboarding wording).
    await page.getByRole("checkbox", { name: "Group session" }).click();
    await page.getByLabel("Capacity (players)").fill("1");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await toastWith(page, "Group sessions must have at least 2 players").waitFor();
    await page.getByRole("checkbox", { name: "Group session" }).click();
    await page.getByRole("button", { name: "Complete Setup" }).click();

    await page.waitForURL((url) => url.pathname === "/coach-dashboard");
    await page.getByRole("heading", { name: "Coach Dashboard" }).waitFor();

    const done = (await (await page.request.get(`/api/coaches/user/${user.id}`)).json()) as CoachResponse;
    expect(done.profileImageUrl).toMatch(/^\/uploads\//);
    const slots = (await (await page.request.get(`/api/time-slots/${done.id}`)).json()) as TimeSlot[];
    expect(slots).toHaveLength(1);
    expect(slots[0]).toMatchObject({
      date: slotDate,
      startTime: "09:00",
      endTime: "10:00",
      isGroup: false,
      capacity: 1,
      locationName: "Chelsea Park",
    });

    // A fully onboarded coach who opens the wizard again goes straight to the dashboard.
    await page.goto("/coach-onboarding");
    await page.waitForURL((url) => url.pathname === "/coach-dashboard");
  });

  it("the payment account page shows an active account and opens the provider's dashboard", async () => {
    await page.goto("/coach/stripe-connect?success=true");
    await page.getByText("Welcome back!").waitFor();
    await page.getByText("Active", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: "Open Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/payments/simulated/dashboard");
    await page.getByText("simulated payment provider's dashboard", { exact: false }).waitFor();
  });

  it("the payment account page moves from Not Started to Setup Required, and refreshes to Active on its own", async () => {
    const { context, page: other } = await newPage(browser, t.baseUrl);
    other.setDefaultTimeout(30_000);
    const registered = await other.request.post("/api/auth/register", {
      data: { email: "sam.payments@example.com", password: "strong-pass-1", firstName: "Sam", lastName: "Lee", userType: "coach" },
    });
    expect(registered.status()).toBe(201);
    const profile = await other.request.post("/api/coaches", {
      data: { title: "Attack Coach", bio: "Shooting drills.", zipcode: "10001" },
    });
    expect(profile.status()).toBe(201);

    await other.goto("/coach/stripe-connect");
    await other.getByText("Not Started", { exact: true }).waitFor();
    await other.getByRole("button", { name: "Set Up Payments" }).click();
    await other.waitForURL((url) => url.pathname === "/payments/simulated/onboarding");
    await other.getByRole("button", { name: "Go back" }).click();
    await other.waitForURL((url) => url.pathname === "/coach/stripe-connect");
    await other.getByText("Setup Required", { exact: true }).waitFor();
    await other.getByRole("button", { name: "Continue Setup" }).waitFor();

    // The account is finished elsewhere (as Stripe's hosted onboarding would); the page notices within 5 s.
    const status = (await (await other.request.get("/api/stripe/connect/account-status")).json()) as PaymentAccountStatus;
    const done = await other.request.post("/api/payments/simulated/onboarding/complete", { data: { accountId: status.accountId } });
    expect(done.status()).toBe(200);
    await other.getByText("Active", { exact: true }).waitFor({ timeout: 15_000 });
    await other.getByRole("button", { name: "Open Dashboard" }).waitFor();
    await context.close();
  });
});
