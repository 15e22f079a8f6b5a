import { eq } from "drizzle-orm";
import request from "supertest";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { Booking } from "@contract/bookings";
import type { ConnectLinkResponse, PayoutStatus } from "@contract/payouts";
import { users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { createBookableCoach, type BookableCoach } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd, type PaidBooking } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";

const DASHBOARD = "/coach-dashboard";

/** A toast by its text (CSS, because an open dialog hides the rest of the page from role queries). */
const toastWith = (page: Page, text: string) => page.locator('[aria-label^="Notifications"] li').filter({ hasText: text }).first();

/**
 * Issue 7: a coach cancels a paid session with a reason, and after the session ends submits
 * feedback, which pays them out. The bookings are made through the API as a browser makes them
 * (POST /api/bookings, /api/create-payment-intent, the simulated card 4242 4242 4242 4242).
 */
test.describe("coach payouts: cancel a paid session, submit feedback, get paid", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let coach: BookableCoach;
  let toCancel: PaidBooking;
  let toFinish: PaidBooking;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    t = await startE2eServer();
    coach = await createBookableCoach(t);
    // The payout account: created through the API, finished as the simulated onboarding page does.
    const created = await request(t.app).post("/api/stripe/connect/create-account").set("Cookie", coach.cookie).send({});
    expect(created.status).toBe(200);
    const accountId = new URL((created.body as ConnectLinkResponse).url).searchParams.get("account");
    const completed = await request(t.app)
      .post("/api/payments/simulated/onboarding/complete")
      .set("Cookie", coach.cookie)
      .send({ accountId });
    expect(completed.status).toBe(200);

    toFinish = await createPaidBooking(t, { coach, hoursFromNow: 24, studentName: "Jordan" });
    toCancel = await createPaidBooking(t, { coach, hoursFromNow: 72, studentName: "Morgan" });
    // The cancellation SMS goes only to students who opted in to texts.
    await t.deps.database.db.update(users).set({ smsOptIn: true }).where(eq(users.id, toCancel.student.userId));

    browser = workerBrowser;
    ({ context, page } = await newPage(browser, t.baseUrl));
    await page.setViewportSize({ width: 1280, height: 1600 });
    // The machine running the suite may be busy; the steps wait for the server, not for a fixed time.
    page.setDefaultTimeout(30_000);
    const { token } = await startSession(t.deps.database.db, coach.userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
  });

  test.afterAll(async () => {
    await t?.close();
  });

  const coachBookings = async () =>
    (await request(t.app).get("/api/bookings/coach").set("Cookie", coach.cookie)).body as (Booking & {
      payoutStatus?: PayoutStatus;
    })[];
  const region = (name: string) => page.getByRole("region", { name });

  test("the coach cancels a paid session with a reason and the student is refunded", async () => {
    await page.goto(DASHBOARD);
    const card = region("Upcoming Sessions").getByTestId(`coach-booking-${toCancel.bookingId}`);
    await expect(card.getByText("Morgan Player")).toBeVisible();
    await expect(card.getByText("Confirmed")).toBeVisible();
    await expect(card.getByText("$85.00")).toBeVisible();

    await card.getByRole("button", { name: "Details" }).click();
    const details = page.getByRole("dialog", { name: "Booking Details" });
    await expect(details.getByText("4105551234").first()).toBeVisible();
    await expect(details.getByText("$97.75")).toBeVisible();
    await details.getByRole("button", { name: "Close" }).click();

    await card.getByRole("button", { name: "Cancel" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel Session" });
    await expect(
      dialog.getByText(
        "This cannot be undone. Every student booked in this session will be refunded in full and notified by text message.",
      ),
    ).toBeVisible();
    // A reason is required; blanks do not count.
    await dialog.getByLabel("Reason for cancelling *").fill("   ");
    await dialog.getByRole("button", { name: "Cancel Session" }).click();
    await expect(dialog.getByText("Please provide a reason for cancelling.")).toBeVisible();
    await dialog.getByLabel("Reason for cancelling *").fill("  Field closed for maintenance  ");
    await dialog.getByRole("button", { name: "Cancel Session" }).click();

    await expect(toastWith(page, "Session Cancelled Successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Cancel" })).toHaveCount(0);

    const cancelled = (await coachBookings()).find((b) => b.id === toCancel.bookingId)!;
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationReason: "Field closed for maintenance" });
    expect(["refunded", "refund_pending"]).toContain(cancelled.paymentStatus);
    const sms = t.outbox().filter((m) => m.channel === "sms" && m.body.includes("Field closed for maintenance"));
    expect(sms).toHaveLength(1);
  });

  test("after the session ends, the coach submits feedback and the booking shows as paid out", async () => {
    await passSessionEnd(t, toFinish);
    await page.reload();

    const awaiting = region("Sessions Awaiting Feedback");
    const card = awaiting.getByTestId(`coach-booking-${toFinish.bookingId}`);
    await expect(card.getByText("Jordan Player")).toBeVisible();
    await expect(card.getByText("Payment held until feedback")).toBeVisible();
    await card.getByRole("button", { name: "Submit Feedback" }).click();

    const dialog = page.getByRole("dialog", { name: "Submit Session Feedback" });
    await dialog.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(dialog.getByText("Please provide feedback for this session.")).toBeVisible();
    await expect(dialog.getByText("Please rate this session (1-5 stars).")).toBeVisible();

    await dialog.getByLabel("Feedback *").fill("Great footwork today. Next time: off-hand passing.");
    await dialog.getByRole("radio", { name: "4 stars: Good" }).click();
    await expect(dialog.getByText("Good", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Submit Feedback" }).click();

    await expect(toastWith(page, "Feedback Submitted")).toBeVisible();
    await expect(awaiting).toHaveCount(0);
    await expect(page.getByTestId(`coach-booking-${toFinish.bookingId}`).first().getByText("Paid out")).toBeVisible();

    const finished = (await coachBookings()).find((b) => b.id === toFinish.bookingId)!;
    expect(finished.feedbackSubmittedAt).not.toBeNull();
    expect(finished.payoutStatus).toBe("paid");

    // Still paid out after a fresh load (read from the server, not the feedback answer).
    await page.reload();
    await expect(page.getByTestId(`coach-booking-${toFinish.bookingId}`).first().getByText("Paid out")).toBeVisible();
    await expect(page.getByRole("region", { name: "Sessions Awaiting Feedback" })).toHaveCount(0);
  });
});
