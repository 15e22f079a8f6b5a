import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/index";
import { startSession } from "../../src/server/features/accounts/sessions.service";
import { createPaidBooking, passSessionEnd, type PaidBooking } from "../factories/paid-booking";
import { canRunBrowser, launchBrowser, newPage, startE2eServer, type E2eServer } from "./support/browser";

/**
 * Issue 16: a player reviews a session they took from My Bookings (reached from the review
 * e-mail's link) and sees the review, the real rating and the sessions taught on the coach's profile.
 */
describe.skipIf(!canRunBrowser)("honest reviews: a player reviews a session and sees it on the coach's profile", () => {
  let t: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let paid: PaidBooking;

  beforeAll(async () => {
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

    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, t.baseUrl));
    await page.setViewportSize({ width: 1280, height: 1600 });
    page.setDefaultTimeout(30_000);
    const { token } = await startSession(t.deps.database.db, paid.student.userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("the profile says No reviews yet before any review", async () => {
    await page.goto(`/coach/${paid.coach.coachId}`);
    await page.getByRole("heading", { name: "Reviews" }).waitFor();
    expect(await page.getByText("No reviews yet").count()).toBeGreaterThanOrEqual(2);
    await page.getByText("Sessions taught").waitFor();
    expect(await page.getByText("4.9 (42 reviews)").count()).toBe(0);
  });

  it("the review e-mail's link opens the form on My Bookings; the review is stored once", async () => {
    const mail = t.outbox().find((m) => m.recipient === paid.student.email && m.headers.Subject?.startsWith("How was your session"));
    const link = /http:\/\/localhost:5000(\/my-bookings\?review=\d+)/.exec(mail!.body)![1]!;
    await page.goto(link);
    const dialog = page.getByRole("dialog", { name: "Review your session" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await dialog.getByText("Please choose a rating from 1 to 5 stars.").waitFor();
    await dialog.getByRole("radio", { name: /^4 stars/ }).click();
    await dialog.getByLabel("Your review").fill("Great drills for my off hand.");
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await page.getByText("Thanks for your review!").first().waitFor();
    const mine = page.getByLabel("Your review");
    await mine.getByText("Great drills for my off hand.").waitFor();
    expect(await page.getByRole("button", { name: "Leave a review" }).count()).toBe(0);
  });

  it("the coach's profile shows the review, the real average and the distribution", async () => {
    await page.goto(`/coach/${paid.coach.coachId}`);
    await page.getByText("Jordan P.").waitFor();
    await page.getByText("Great drills for my off hand.").waitFor();
    await page.getByText("4.0 (1 review)").waitFor();
    await page.getByLabel("Rating distribution").waitFor();
    expect(await page.getByText("Private note for Jordan").count()).toBe(0);
    expect(await page.getByText("No reviews yet").count()).toBe(0);
  });
});
