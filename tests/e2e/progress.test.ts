import { eq } from "drizzle-orm";
import request from "supertest";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import type { ConnectLinkResponse } from "@contract/payouts";
import { athletes, bookings, sessionSkillRatings, users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { createBookableCoach, type BookableCoach } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd, type PaidBooking } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, seriousA11yViolations, setUpBrowserFile } from "./support/browser";

/**
 * Issue 27: the athlete's development record drawn as lines over time (a parent on a phone), and the
 * coach's business drawn as charts on the dashboard (a coach on a desktop), each with its table as
 * the text alternative; the coach rates skills in the feedback dialog.
 */
test.describe("progress a parent can see and a business a coach can read", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let browser: Browser;
  let coach: BookableCoach;
  let first: PaidBooking;
  let second: PaidBooking;
  let athleteId: number;

  const post = (path: string, cookie: string, body: object) => request(t.app).post(path).set("Cookie", cookie).send(body);

  async function signedInPage(userId: number, width: number): Promise<Page> {
    const { context, page } = await newPage(browser, t.baseUrl, { width });
    page.setDefaultTimeout(30_000);
    const { token } = await startSession(t.deps.database.db, userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
    return page;
  }

  test.beforeAll(async ({ browser: workerBrowser }) => {
    browser = workerBrowser;
    t = await startE2eServer();
    coach = await createBookableCoach(t);
    const created = await post("/api/stripe/connect/create-account", coach.cookie, {});
    const accountId = new URL((created.body as ConnectLinkResponse).url).searchParams.get("account");
    expect((await post("/api/payments/simulated/onboarding/complete", coach.cookie, { accountId })).status).toBe(200);

    first = await createPaidBooking(t, { coach, hoursFromNow: 3, studentName: "Riley", tip: "10.00" });
    const db = t.deps.database.db;
    await db.update(users).set({ position: "Attack" }).where(eq(users.id, first.student.userId));
    const [row] = await db.select({ athleteId: bookings.athleteId }).from(bookings).where(eq(bookings.id, first.bookingId));
    athleteId = row!.athleteId!;
    await db.update(athletes).set({ position: "Attack" }).where(eq(athletes.id, athleteId));
    await passSessionEnd(t, first);
    const rated = await post(`/api/bookings/${first.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "First session: quick first step, weak off hand.",
      rating: 3,
      skills: [
        { skill: "dodging", rating: 2 },
        { skill: "shooting", rating: 3 },
      ],
    });
    expect(rated.status).toBe(200);
    second = await createPaidBooking(t, { coach, student: first.student, hoursFromNow: 24 * 7 });
    await passSessionEnd(t, second);
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("the coach rates the athlete's skills in the feedback dialog (a desktop)", async () => {
    const page = await signedInPage(coach.userId, 1280);
    await page.goto("/coach-dashboard");
    const card = page.getByRole("region", { name: "Sessions Awaiting Feedback" }).getByTestId(`coach-booking-${second.bookingId}`);
    await card.getByRole("button", { name: "Submit Feedback" }).click();
    const dialog = page.getByRole("dialog", { name: "Submit Session Feedback" });
    // The Attack list, nothing chosen.
    for (const label of ["Dodging", "Shooting", "Off-ball movement", "Stick skills"]) {
      await expect(dialog.getByLabel(label)).toHaveValue("0");
    }
    await dialog.getByLabel("Feedback *").fill("Second session: off hand much better.");
    await dialog.getByRole("radio", { name: "5 stars: Excellent" }).click();
    await dialog.getByLabel("Dodging").selectOption("4");
    await dialog.getByLabel("Shooting").selectOption("4");
    await dialog.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(dialog).toBeHidden();
    const ratings = await t.deps.database.db.select().from(sessionSkillRatings).where(eq(sessionSkillRatings.bookingId, second.bookingId));
    expect(ratings.map((r) => [r.skill, r.rating]).sort()).toEqual([
      ["dodging", 4],
      ["shooting", 4],
    ]);
  });

  test("a parent on a phone sees each skill as a line over time, a table beside it, and the last notes first", async () => {
    const page = await signedInPage(first.student.userId, 390);
    await page.goto(`/athletes/${athleteId}/progress`);
    await expect(page.getByRole("heading", { name: "Riley Player's Progress" })).toBeVisible();
    const chart = page.getByTestId("skill-chart");
    await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
    // Two lines (dodging, shooting), each through two sessions.
    await expect(chart.locator(".recharts-line")).toHaveCount(2);
    await expect(chart.locator(".recharts-line-dot")).toHaveCount(4);
    // The axis shows the app's short dates ("Nov 29"), not ISO dates.
    const days = await xAxisLabels(chart);
    for (const day of days) expect(day).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(250);
    // The page does not scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await expect(page.getByTestId("skill-summary")).toHaveText(
      "Dodging: from 2 to 4 of 5 over 2 sessions. Shooting: from 3 to 4 of 5 over 2 sessions.",
    );
    const table = page.getByRole("table", { name: "Skill ratings by session (the chart's data)" });
    await expect(table.getByRole("row")).toHaveCount(5);
    await expect(table.getByRole("row").nth(1)).toContainText("Dodging");
    await expect(table.getByRole("row").nth(1)).toContainText("Casey Coach");

    const notes = page.getByRole("list", { name: "Coach notes, latest first" }).getByRole("listitem");
    await expect(notes).toHaveCount(2);
    await expect(notes.first()).toContainText("Second session: off hand much better.");
    await expect(notes.last()).toContainText("First session: quick first step, weak off hand.");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Another family's athlete is not there to see.
    const other = await createPaidBooking(t, { hoursFromNow: 48 });
    const [row] = await t.deps.database.db.select({ athleteId: bookings.athleteId }).from(bookings).where(eq(bookings.id, other.bookingId));
    await page.goto(`/athletes/${row!.athleteId}/progress`);
    await expect(page.getByText("We could not find this athlete's progress.")).toBeVisible();
  });

  test("the coach's dashboard draws earnings and sessions over time with a table, the CSV and the statement", async () => {
    const page = await signedInPage(coach.userId, 1280);
    await page.goto("/coach-dashboard");
    const business = page.getByRole("region", { name: "Your Business" });
    await business.scrollIntoViewIfNeeded();
    await expect(business.getByTestId("earnings-chart").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
    await expect(business.getByTestId("sessions-chart").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
    // Weeks on the axes in the app's short dates ("Nov 23"), not ISO dates.
    for (const id of ["earnings-chart", "sessions-chart"]) {
      const weeks = await xAxisLabels(business.getByTestId(id));
      for (const week of weeks) expect(week).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    }
    await expect(business.getByTestId("business-summary")).toContainText(
      "2 sessions taught, $170.00 earned and $10.00 in tips, $0.00 upcoming",
    );
    await expect(business.getByTestId("business-summary")).toContainText("1 of them repeat clients");

    const table = business.getByRole("table", { name: "Earnings by week (the charts' data)" });
    await expect(table.getByRole("row")).toHaveCount(13);
    // The table speaks the contract's words (DESIGN.md 12).
    for (const word of ["Earned", "Paid out", "To be paid", "Upcoming"])
      await expect(table.getByRole("columnheader", { name: word })).toBeVisible();
    await expect(table).toContainText("$95.00");

    // A start after the end is refused as it is typed.
    const from = business.getByLabel("From");
    const chosenFrom = await from.inputValue();
    await from.fill("2999-01-01");
    await expect(business.getByRole("alert").filter({ hasText: "Please choose a start date on or before the end date." })).toBeVisible();
    await expect(business.getByRole("button", { name: "Show" })).toBeDisabled();
    await from.fill(chosenFrom);
    await expect(business.getByRole("button", { name: "Show" })).toBeEnabled();

    // By month, over a range the coach picks.
    await business.getByLabel("By").selectOption("month");
    await business.getByRole("button", { name: "Show" }).click();
    await expect(business.getByRole("table", { name: "Earnings by month (the charts' data)" })).toBeVisible();
    await expect(
      business.getByTestId("earnings-chart").locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value").first(),
    ).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
    const months = await xAxisLabels(business.getByTestId("earnings-chart"));
    for (const month of months) expect(month).toMatch(/^[A-Z][a-z]{2} \d{4}$/);

    const csvHref = await business.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(csvHref).toMatch(/^\/api\/coach\/earnings\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&interval=month$/);
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split("\r\n")[0]).toBe(
      "start,sessions,earned,tips,platform_fees,paid_out,to_be_paid,upcoming,upcoming_sessions",
    );
    const statementHref = await business.getByRole("link", { name: /statement \(PDF\)/ }).getAttribute("href");
    const pdf = await page.request.get(statementHref!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("the same charts fit a phone", async () => {
    const page = await signedInPage(coach.userId, 390);
    await page.goto("/coach-dashboard");
    // The charts are drawn once their place comes near the screen (WhenNearView).
    await page.getByRole("region", { name: "Your Business" }).scrollIntoViewIfNeeded();
    const chart = page.getByTestId("earnings-chart");
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

/** The labels under a chart's horizontal axis, once it has drawn them. */
async function xAxisLabels(chart: Locator): Promise<string[]> {
  const ticks = chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await expect(ticks.first()).toBeVisible();
  return ticks.allTextContents();
}
