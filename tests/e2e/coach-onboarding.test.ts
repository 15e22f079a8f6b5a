import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import type { CoachResponse } from "@contract/coaches";
import type { PaymentAccountStatus } from "@contract/payouts";
import type { TimeSlot } from "@contract/slots";
import { addDaysToDate } from "@contract/time";
import { makeBrowserCoach } from "@tests/factories/browser-people";
import { newPage, useBrowserFile } from "./support/browser";

const COACH = { email: "riley.onboarding@example.com", password: "strong-pass-1", firstName: "Riley", lastName: "Quinn" };

/** A toast by its text (CSS, because an open dialog hides the rest of the page from role queries). */
const toastWith = (page: Page, text: string) => page.locator('[aria-label^="Notifications"] li').filter({ hasText: text }).first();

const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** Issue 7: a new coach goes through the five onboarding steps with the simulated payment provider. */
test.describe("coach onboarding: six steps (Get verified last, skippable), simulated payment account, first slot", () => {
  const { t, browser } = useBrowserFile();
  let page: Page;

  test.beforeAll(async () => {
    ({ page } = await newPage(browser, t.baseUrl));
    // The machine running the suite may be busy; the steps wait for the server, not for a fixed time.
    page.setDefaultTimeout(30_000);
  });

  const stepHeading = (title: string) => page.getByText(new RegExp(`^Step \\d of 6: ${title}$`));
  const progress = () => page.getByRole("progressbar", { name: "Setup progress" });

  test("a new coach completes every step, sets up the simulated account, and lands on the dashboard", async () => {
    const registered = await page.request.post("/api/auth/register", { data: { ...COACH, userType: "coach" } });
    expect(registered.status()).toBe(201);
    const { user, redirectUrl } = (await registered.json()) as { user: { id: number }; redirectUrl: string };
    expect(redirectUrl).toBe("/coach-onboarding");

    await page.goto(redirectUrl);
    await expect(stepHeading("Personal Information")).toBeVisible();
    await expect(progress()).toHaveAttribute("aria-valuenow", "17");
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(page.getByLabel("First name *")).toHaveValue("Riley");

    // Step 1 is gated: title, bio, zipcode, phone and a position.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(toastWith(page, "Please complete all required fields to continue")).toBeVisible();
    await page.getByLabel("Phone number *").fill("(212) 555-0188");
    await page.getByLabel("Coaching title *").fill("Former D1 Goalie");
    await page.getByLabel("Bio *").fill("I coach goalies of every age in Manhattan.");
    await page.getByLabel("Zipcode *").fill("10001");
    await expect(page.getByLabel("Location")).toHaveValue("New York, NY");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(toastWith(page, "Please complete all required fields to continue")).toBeVisible();
    await page.getByRole("checkbox", { name: "Goalie" }).click();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(stepHeading("Session Rates")).toBeVisible();
    await expect(progress()).toHaveAttribute("aria-valuenow", "33");
    const afterStep1 = (await (await page.request.get(`/api/coaches/user/${user.id}`)).json()) as CoachResponse;
    expect(afterStep1).toMatchObject({
      title: "Former D1 Goalie",
      zipcode: "10001",
      location: "New York, NY",
      specializations: ["Goalie"],
    });
    expect(afterStep1.user.phoneNumber).toBe("+12125550188");

    await page.getByRole("button", { name: "Next" }).click();
    await expect(toastWith(page, "Please complete all required fields to continue")).toBeVisible();
    await page.getByLabel("Individual, 60 minutes ($)").fill("90");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(stepHeading("Payment Setup")).toBeVisible();
    await expect(progress()).toHaveAttribute("aria-valuenow", "50");
    // Without a complete payment account the wizard cannot go on.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(toastWith(page, "Please complete all required fields to continue")).toBeVisible();

    // Leaving the provider's page unfinished brings the coach back to step 3 with a message.
    await page.getByRole("button", { name: "Set Up Payments" }).click();
    await page.waitForURL((url) => url.pathname === "/payments/simulated/onboarding");
    await expect(page.getByText("simulated payment provider", { exact: false }).first()).toBeVisible();
    await page.getByRole("button", { name: "Go back" }).click();
    await page.waitForURL((url) => url.pathname === "/coach-onboarding" && url.search === "?stripe=refresh");
    await expect(stepHeading("Payment Setup")).toBeVisible();
    await expect(page.getByText("Your payment account setup is not finished yet. Please complete it to continue.")).toBeVisible();

    await page.getByRole("button", { name: "Continue Setup" }).click();
    await page.waitForURL((url) => url.pathname === "/payments/simulated/onboarding");
    await page.getByRole("button", { name: "Complete account setup" }).click();
    await page.waitForURL((url) => url.pathname === "/coach-onboarding" && url.search === "?stripe=success");

    await expect(stepHeading("Profile Photo")).toBeVisible();
    await expect(progress()).toHaveAttribute("aria-valuenow", "67");
    const account = (await (await page.request.get("/api/stripe/connect/account-status")).json()) as PaymentAccountStatus;
    expect(account).toMatchObject({ hasAccount: true, accountComplete: true, payoutsEnabled: true });
    const afterStep2 = (await (await page.request.get(`/api/coaches/user/${user.id}`)).json()) as CoachResponse;
    expect(afterStep2.rates.map((r) => [r.sessionType, r.duration, r.rate])).toEqual([["individual", 60, "90.00"]]);

    // A photo is required.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(toastWith(page, "Please complete all required fields to continue")).toBeVisible();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    await page.locator("input[type=file]").setInputFiles({ name: "riley.png", mimeType: "image/png", buffer: png });
    await expect(toastWith(page, "Image Uploaded")).toBeVisible();
    await expect(page.getByTestId("onboarding-photo")).toHaveAttribute("src", /^\/uploads\//);
    await page.getByRole("button", { name: "Next" }).click();

    await expect(stepHeading("Schedule")).toBeVisible();
    await expect(progress()).toHaveAttribute("aria-valuenow", "83");
    const slotDate = addDaysToDate(todayIn("America/New_York"), 2);
    await page.getByLabel("Date").fill(slotDate);
    await page.getByLabel("Start time").fill("09:00");
    await page.getByLabel("End time").fill("10:00");
    await page.getByLabel("Location name").fill("Chelsea Park");
    // A group needs at least 2 players (the onboarding wording).
    await page.getByRole("checkbox", { name: "Group session" }).click();
    await page.getByLabel("Capacity (players)").fill("1");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(toastWith(page, "Group sessions must have at least 2 players")).toBeVisible();
    await page.getByRole("checkbox", { name: "Group session" }).click();
    await page.getByRole("button", { name: "Next" }).click();

    // DESIGN 12: Get verified comes last and can wait; the dashboard finishes it later.
    await expect(stepHeading("Get verified")).toBeVisible();
    await expect(progress()).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByRole("button", { name: "Start background check" })).toBeVisible();
    await page.getByRole("button", { name: "Skip for now" }).click();

    await page.waitForURL((url) => url.pathname === "/coach-dashboard");
    await expect(page.getByRole("heading", { name: "Coach Dashboard" })).toBeVisible();

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

  test("the payment account page shows an active account and opens the provider's dashboard", async () => {
    await page.goto("/coach/stripe-connect?success=true");
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: "Open Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/payments/simulated/dashboard");
    await expect(page.getByText("simulated payment provider's dashboard", { exact: false })).toBeVisible();
  });

  test("the payment account page moves from Not Started to Setup Required, and refreshes to Active on its own", async () => {
    const { context, page: other } = await newPage(browser, t.baseUrl);
    other.setDefaultTimeout(30_000);
    await makeBrowserCoach(
      other,
      { email: "sam.payments@example.com", password: "strong-pass-1", firstName: "Sam", lastName: "Lee" },
      { title: "Attack Coach", bio: "Shooting drills.", zipcode: "10001" },
    );

    await other.goto("/coach/stripe-connect");
    await expect(other.getByText("Not Started", { exact: true })).toBeVisible();
    await other.getByRole("button", { name: "Set Up Payments" }).click();
    await other.waitForURL((url) => url.pathname === "/payments/simulated/onboarding");
    await other.getByRole("button", { name: "Go back" }).click();
    await other.waitForURL((url) => url.pathname === "/coach/stripe-connect");
    await expect(other.getByText("Setup Required", { exact: true })).toBeVisible();
    await expect(other.getByRole("button", { name: "Continue Setup" })).toBeVisible();

    // The account is finished elsewhere (as Stripe's hosted onboarding would); the page notices within 5 s.
    const status = (await (await other.request.get("/api/stripe/connect/account-status")).json()) as PaymentAccountStatus;
    const done = await other.request.post("/api/payments/simulated/onboarding/complete", { data: { accountId: status.accountId } });
    expect(done.status()).toBe(200);
    await expect(other.getByText("Active", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(other.getByRole("button", { name: "Open Dashboard" })).toBeVisible();
    await context.close();
  });
});
