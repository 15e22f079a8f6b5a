import { eq } from "drizzle-orm";
import request from "supertest";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { createPaidBooking, passSessionEnd, type PaidBooking } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";

/**
 * Issue 16: a player reviews a session they took from My Bookings (reached from the review
 * e-mail's link) and sees the review, the real rating and the sessions taught on the coach's profile.
 */
test.describe("honest reviews: a player reviews a session and sees it on the coach's profile", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let paid: PaidBooking;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    t = await startE2eServer();
    paid = await createPaidBooking(t, { hoursFromNow: 2, studentName: "Jordan" });
    // The coach's private feedback rates the session 1; it must never show publicly.
    await passSessionEnd(t, paid);
    const feedback = await request(t.app)
      .post(`/api/bookings/${paid.bookingId}/submit-feedback`)
      .set("Cookie", paid.coach.cookie)
      .send({ feedback: "Private note for Jordan", rating: 1 });
    expect(feedback.status).toBe(200);

    // A player with a phone and a primary position, so the setup wizard stays away.
    await t.deps.database.db.update(users).set({ position: "Midfield" }).where(eq(users.id, paid.student.userId));

    browser = workerBrowser;
    ({ context, page } = await newPage(browser, t.baseUrl));
    await page.setViewportSize({ width: 1280, height: 1600 });
    page.setDefaultTimeout(30_000);
    const { token } = await startSession(t.deps.database.db, paid.student.userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("the profile says No reviews yet before any review", async () => {
    await page.goto(`/coach/${paid.coach.coachId}`);
    await expect(page.getByRole("heading", { name: "Reviews" })).toBeVisible();
    // At least twice (nth is zero-based).
    await expect(page.getByText("No reviews yet").nth(1)).toBeVisible();
    await expect(page.getByText("Sessions taught")).toBeVisible();
    await expect(page.getByText("4.9 (42 reviews)")).toHaveCount(0);
  });

  test("the review e-mail's link opens the form on My Bookings; the review is stored once", async () => {
    const mail = t.outbox().find((m) => m.recipient === paid.student.email && m.headers.Subject?.startsWith("How was your session"));
    const link = /http:\/\/localhost:5000(\/my-bookings\?review=\d+)/.exec(mail!.body)![1]!;
    await page.goto(link);
    const dialog = page.getByRole("dialog", { name: "Review your session" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await expect(dialog.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
    await dialog.getByRole("radio", { name: /^4 stars/ }).click();
    await dialog.getByLabel("Your review").fill("Great drills for my off hand.");
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Thanks for your review!").first()).toBeVisible();
    const mine = page.getByLabel("Your review");
    await expect(mine.getByText("Great drills for my off hand.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Leave a review" })).toHaveCount(0);
  });

  test("the coach answers the review once from the dashboard", async () => {
    const { context: coachContext, page: coachPage } = await newPage(browser, t.baseUrl);
    coachPage.setDefaultTimeout(30_000);
    const { token } = await startSession(t.deps.database.db, paid.coach.userId, t.deps.clock.now());
    await coachContext.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
    await coachPage.goto("/coach-dashboard");
    const reply = coachPage.getByLabel("Reply to Jordan P.");
    await coachPage.getByRole("button", { name: "Post Reply" }).click();
    await expect(reply).toHaveAccessibleDescription("Please write a reply.");
    await reply.fill("Thanks Jordan, keep working that off hand!");
    await coachPage.getByRole("button", { name: "Post Reply" }).click();
    await expect(coachPage.getByText("Reply posted").first()).toBeVisible();
    await expect(coachPage.getByRole("button", { name: "Post Reply" })).toHaveCount(0);
    await coachPage.close();
  });

  test("the coach's profile shows the review, the real average and the distribution", async () => {
    await page.goto(`/coach/${paid.coach.coachId}`);
    await expect(page.getByText("Jordan P.")).toBeVisible();
    await expect(page.getByText("Great drills for my off hand.")).toBeVisible();
    await expect(page.getByText("4.0 (1 review)")).toBeVisible();
    await expect(page.getByLabel("Rating distribution")).toBeVisible();
    await expect(page.getByText("Private note for Jordan")).toHaveCount(0);
    await expect(page.getByText("No reviews yet")).toHaveCount(0);
  });
});
