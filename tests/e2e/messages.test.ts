import { eq, sql } from "drizzle-orm";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { createPaidBooking, type PaidBooking } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, seriousA11yViolations, setUpBrowserFile } from "./support/browser";

/**
 * Issue 24: a guardian messages a coach from the coach's profile; the coach, on a 390 px phone,
 * reads and answers; each side sees the other's messages arrive live, the header counts unread
 * ones, the log pages back through history, a message is reported, and everything is done with
 * the keyboard. Two browser contexts: two people, two sessions.
 */
test.describe("messages between a family and a coach", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let paid: PaidBooking;
  let guardian: Page;
  let coach: Page;
  let conversationUrl = "";

  async function signedInPage(browser: Browser, userId: number, width: number): Promise<Page> {
    const { context, page } = await newPage(browser, t.baseUrl, { width });
    page.setDefaultTimeout(45_000);
    page.setDefaultNavigationTimeout(60_000);
    const { token } = await startSession(t.deps.database.db, userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
    return page;
  }

  // A fresh database, a paid booking and two browsers: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 240_000 });
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    t = await startE2eServer({ LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "silent" });
    paid = await createPaidBooking(t, { studentName: "Jordan" });
    // A player with a phone and a primary position, so the setup wizard stays away.
    await t.deps.database.db.update(users).set({ position: "Midfield" }).where(eq(users.id, paid.student.userId));
    guardian = await signedInPage(browser, paid.student.userId, 1280);
    coach = await signedInPage(browser, paid.coach.userId, 390);
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("the guardian opens the conversation from the coach's profile and sends with the keyboard", async () => {
    await guardian.goto(`/coach/${paid.coach.coachId}`);
    await guardian.getByRole("link", { name: "Message coach" }).click();
    await expect(guardian).toHaveURL(/\/messages\/\d+$/);
    conversationUrl = new URL(guardian.url()).pathname;
    await expect(guardian.getByRole("heading", { name: "Casey Coach" })).toBeVisible();

    const box = guardian.getByLabel("Message to Casey Coach");
    await box.focus();
    // An empty box is not sent: the contract's message says why, until the next send.
    await guardian.keyboard.press("Enter");
    await expect(guardian.getByRole("alert").filter({ hasText: "Please write a message." })).toBeVisible();
    await guardian.keyboard.type("Hi Coach! Can Jordan work on shooting?");
    await guardian.keyboard.press("Shift+Enter");
    await guardian.keyboard.type("Visit <b>https://example.com</b> for his highlights.");
    await guardian.keyboard.press("Enter");
    const log = guardian.getByRole("log");
    await expect(log.getByText("Hi Coach! Can Jordan work on shooting?")).toBeVisible();
    // Links and markup are shown as the text they are.
    await expect(log.getByText("Visit <b>https://example.com</b> for his highlights.")).toBeVisible();
    await expect(log.locator("a, b")).toHaveCount(0);
    await expect(box).toHaveValue("");
    await expect(guardian.getByText("Please write a message.")).toHaveCount(0);
  });

  test("the coach, on a 390 px phone, sees the unread count, reads the message and answers; it arrives live for the guardian", async () => {
    await coach.goto("/coach-dashboard");
    await coach.getByRole("button", { name: "Open menu" }).click();
    await expect(coach.getByRole("link", { name: /^Messages\s*\(1 unread\)$/ })).toBeVisible();
    await coach.getByRole("link", { name: /^Messages\s*\(1 unread\)$/ }).click();
    const item = coach.getByRole("link", { name: /Jordan Player.*1 unread/ });
    await expect(item).toBeVisible();
    await item.click();
    await expect(coach).toHaveURL(new RegExp(`${conversationUrl}$`));
    await expect(coach.getByRole("log").getByText("Hi Coach! Can Jordan work on shooting?")).toBeVisible();
    // Nothing overflows the phone's width.
    expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await coach.getByLabel("Message to Jordan Player").fill("Yes! Bring two sticks on Saturday.");
    await coach.getByRole("button", { name: "Send message" }).click();
    await expect(guardian.getByRole("log").getByText("Yes! Bring two sticks on Saturday.")).toBeVisible();
  });

  test("a message arrives live in the coach's open conversation, and the guardian's header counts unread replies", async () => {
    await guardian.getByLabel("Message to Casey Coach").fill("Great, see you then.");
    await guardian.keyboard.press("Enter");
    await expect(coach.getByRole("log").getByText("Great, see you then.")).toBeVisible();

    await guardian.goto("/my-bookings");
    await expect(guardian.getByRole("link", { name: "Message Casey Coach" })).toBeVisible();
    await coach.getByLabel("Message to Jordan Player").fill("One more thing: bring water.");
    await coach.keyboard.press("Enter");
    await expect(guardian.getByRole("link", { name: /^Messages\s*\(1 unread\)$/ })).toBeVisible();
    await guardian.getByRole("link", { name: "Message Casey Coach" }).click();
    await expect(guardian.getByRole("log").getByText("One more thing: bring water.")).toBeVisible();
    await expect(guardian.getByRole("link", { name: "Messages", exact: true })).toBeVisible();
  });

  test("the conversation pages back through its history", async () => {
    const id = Number(conversationUrl.split("/").at(-1));
    for (let i = 1; i <= 55; i++) {
      await t.deps.database.db.execute(
        sql`insert into messages (conversation_id, sender_id, body, created_at) values (${id}, ${paid.coach.userId}, ${`Drill note ${i}`}, now())`,
      );
    }
    await coach.reload();
    const log = coach.getByRole("log");
    // The newest 50 are the first page; the older ones (and the conversation's start) come on demand.
    await expect(log.getByText("Drill note 55", { exact: true })).toBeVisible();
    await expect(log.getByText("Drill note 1", { exact: true })).toHaveCount(0);
    await expect(log.getByText("One more thing: bring water.")).toHaveCount(0);
    await coach.getByRole("button", { name: "Load older messages" }).click();
    await expect(log.getByText("Drill note 1", { exact: true })).toBeAttached();
    await expect(log.getByText("Hi Coach! Can Jordan work on shooting?")).toBeAttached();
  });

  test("the coach reports a message after confirming, with the keyboard; the page has no serious accessibility findings", async () => {
    await coach.getByRole("button", { name: "Report message from Jordan Player" }).last().focus();
    await coach.keyboard.press("Enter");
    const dialog = coach.getByRole("alertdialog", { name: "Report message" });
    await expect(dialog.getByText("Report this message to the site's administrators?")).toBeVisible();
    await dialog.getByLabel("Reason (optional)").fill("Testing the queue");
    await dialog.getByRole("button", { name: "Report message" }).click();
    await expect(coach.getByText("The message was reported", { exact: false }).first()).toBeVisible();
    const reports = await t.deps.database.db.execute(sql`select reason from message_reports`);
    expect(JSON.stringify(reports)).toContain("Testing the queue");

    expect(await seriousA11yViolations(coach)).toEqual([]);
    expect(await seriousA11yViolations(guardian)).toEqual([]);
  });
});
