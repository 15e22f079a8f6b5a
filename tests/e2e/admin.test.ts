import { eq } from "drizzle-orm";
import { expect, test, type Page } from "@playwright/test";
import { bookings, users } from "@server/db/schema";
import { recordDispute } from "@server/features/money-issues/money-issues.service";
import { MAX_MONEY_ATTEMPTS } from "@server/jobs/retry-policy";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { verificationTokenFor } from "@tests/factories/users";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { newPage, seriousA11yViolations, useBrowserFile } from "./support/browser";

const ADMIN_EMAIL = "admin@example.com";
const HERO_FALLBACK_TITLE = "Train with the best lacrosse coaches near you";

/** Issue 8: the admin panel's content blocks and testimonials, and the landing page that shows them. */
test.describe("admin panel: content blocks and testimonials", () => {
  const { t, browser } = useBrowserFile({ ADMIN_EMAILS: ADMIN_EMAIL });

  /** A fresh browser whose cookie jar holds a session for a newly registered account. */
  async function signedInPage(email: string, width?: number): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl, { width });
    await makeBrowserPlayer(page, { email, firstName: "Alex", lastName: "Morgan", position: null });
    return page;
  }

  let adminRegistered = false;
  async function adminPage(width?: number): Promise<Page> {
    if (!adminRegistered) {
      adminRegistered = true;
      const page = await signedInPage(ADMIN_EMAIL, width);
      // ADMIN_EMAILS counts only once the address is proved: follow the link mailed to it.
      const verified = await page.request.post("/api/auth/verify-email", { data: { token: verificationTokenFor(t, ADMIN_EMAIL) } });
      expect(verified.status()).toBe(200);
      expect(((await (await page.request.get("/api/auth/user")).json()) as { userType: string }).userType).toBe("admin");
      return page;
    }
    const { page } = await newPage(browser, t.baseUrl, { width });
    const res = await page.request.post("/api/auth/login", { data: { email: ADMIN_EMAIL, password: "secret123" } });
    expect(res.status()).toBe(200);
    return page;
  }

  /** In-app navigation (no reload), so the landing page reads the same query cache the admin panel changed. */
  async function navigateInApp(page: Page, path: string) {
    await page.evaluate((to) => {
      window.history.pushState({}, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
  }

  /** The toast by its text: while a dialog is open Radix hides the rest of the page from role queries. */
  async function expectToast(page: Page, title: string, description: string) {
    const toast = page.locator("li").filter({ has: page.getByText(title, { exact: true }) });
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  }

  test("an admin adds a testimonial, edits it, sees it on the landing page, and deletes it after confirming", async () => {
    const page = await adminPage();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Content Blocks" })).toBeVisible();
    await page.getByRole("tab", { name: "Testimonials" }).click();
    await expect(page.getByText("No testimonials yet", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Add Testimonial" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    // The spec's default rating is 5.
    await expect(dialog.getByLabel("Rating")).toHaveText("5 stars");
    await dialog.getByRole("button", { name: "Create Testimonial" }).click();
    await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Content is required", { exact: true })).toBeVisible();

    await dialog.getByLabel("Name").fill("Jamie Parker");
    await dialog.getByLabel("Role").fill("Parent of a U13 midfielder");
    await dialog.getByLabel("Content").fill("Our son's stick skills took off after four sessions.");
    await dialog.getByLabel("Rating").click();
    await page.getByRole("option", { name: "4 stars" }).click();
    await dialog.getByRole("button", { name: "Create Testimonial" }).click();
    await expectToast(page, "Success", "Testimonial saved");
    await expect(dialog).toBeHidden();

    const item = page.getByTestId("testimonial-item").filter({ hasText: "Jamie Parker" });
    await expect(item.getByText("Our son's stick skills took off after four sessions.", { exact: false })).toBeVisible();
    await expect(item.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

    await item.getByRole("button", { name: "Edit testimonial from Jamie Parker" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    await expect(dialog.getByLabel("Name")).toHaveValue("Jamie Parker");
    await expect(dialog.getByLabel("Role")).toHaveValue("Parent of a U13 midfielder");
    await expect(dialog.getByLabel("Rating")).toHaveText("4 stars");
    await dialog.getByLabel("Content").fill("Four sessions in, our son plays with real confidence.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "Testimonial saved");
    await expect(item.getByText("Four sessions in, our son plays with real confidence.", { exact: false })).toBeVisible();

    await navigateInApp(page, "/landing");
    const section = page.getByTestId("testimonials");
    await expect(section.getByText("Jamie Parker", { exact: true })).toBeVisible();
    await expect(section.getByText("Four sessions in, our son plays with real confidence.", { exact: false })).toBeVisible();
    await expect(section.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

    await page.goto("/admin");
    await page.getByRole("tab", { name: "Testimonials" }).click();
    await item.getByRole("button", { name: "Delete testimonial from Jamie Parker" }).click();
    let confirm = page.getByRole("alertdialog", { name: "Delete this testimonial?" });
    await expect(confirm.getByText("This cannot be undone.", { exact: false })).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(item).toBeVisible();

    await item.getByRole("button", { name: "Delete testimonial from Jamie Parker" }).click();
    confirm = page.getByRole("alertdialog", { name: "Delete this testimonial?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Testimonial deleted");
    await expect(page.getByText("No testimonials yet", { exact: true })).toBeVisible();
    expect((await (await page.request.get("/api/testimonials")).json()) as unknown[]).toEqual([]);

    await navigateInApp(page, "/landing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("testimonials")).toHaveCount(0);
    await page.context().close();
  });

  test("a content block keyed hero replaces the landing headline, a duplicate key shows the server's message, and deleting restores the built-in text", async () => {
    const page = await adminPage();
    await page.goto("/admin");
    await expect(page.getByText("No content blocks yet", { exact: true })).toBeVisible();

    // Keyboard only: the trigger opens the dialog and focus lands in its first field.
    await page.getByRole("button", { name: "Add Content Block" }).focus();
    await page.keyboard.press("Enter");
    let dialog = page.getByRole("dialog", { name: "Add Content Block" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Key")).toBeFocused();
    await page.keyboard.type("hero");
    await dialog.getByLabel("Title").fill("Sharpen your stick skills this season");
    await dialog.getByLabel("Content").fill("Private and small-group lacrosse training near you.");
    await dialog.getByLabel("Order").fill("1");
    await dialog.getByRole("button", { name: "Create Content Block" }).click();
    await expectToast(page, "Success", "Content block saved");
    await expect(dialog).toBeHidden();
    const item = page.getByTestId("content-block-item").filter({ hasText: "hero" });
    await expect(item.getByText("Sharpen your stick skills this season", { exact: true })).toBeVisible();
    await expect(item.getByText("On landing page", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Add Content Block" }).click();
    dialog = page.getByRole("dialog", { name: "Add Content Block" });
    await dialog.getByRole("button", { name: "Create Content Block" }).click();
    await expect(dialog.getByText("Key is required", { exact: true })).toBeVisible();
    await dialog.getByLabel("Key").fill("hero");
    await dialog.getByLabel("Title").fill("Another headline");
    await dialog.getByRole("button", { name: "Create Content Block" }).click();
    await expect(dialog.getByText("A content block with this key already exists", { exact: true })).toBeVisible();
    await expectToast(page, "Error", "Failed to save content block: A content block with this key already exists");
    // The dialog stays open with what the admin typed, so the key can be corrected.
    await expect(dialog.getByLabel("Title")).toHaveValue("Another headline");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    expect(((await (await page.request.get("/api/content-blocks")).json()) as unknown[]).length).toBe(1);

    await navigateInApp(page, "/landing");
    await expect(page.getByRole("heading", { level: 1, name: "Sharpen your stick skills this season" })).toBeVisible();
    await expect(page.getByText("Private and small-group lacrosse training near you.", { exact: true })).toBeVisible();

    await page.goto("/admin");
    await item.getByRole("button", { name: "Delete hero" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this content block?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Content block deleted");
    await expect(page.getByText("No content blocks yet", { exact: true })).toBeVisible();

    await navigateInApp(page, "/landing");
    await expect(page.getByRole("heading", { level: 1, name: HERO_FALLBACK_TITLE })).toBeVisible();
    await page.context().close();
  });

  test("works at 360 px wide without sideways scrolling", async () => {
    const page = await adminPage(360);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Testimonials" }).click();
    await page.getByRole("button", { name: "Add Testimonial" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.getByLabel("Name").fill("Casey Long");
    await dialog.getByLabel("Content").fill("Great goalie coaching for my daughter.");
    await dialog.getByRole("button", { name: "Create Testimonial" }).click();
    await expectToast(page, "Success", "Testimonial saved");
    await expect(
      page.getByTestId("testimonial-item").filter({ hasText: "Casey Long" }).getByRole("button", { name: /^Edit/ }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  test("the Money issues tab shows a stopped payout and a dispute, readable at 360 px wide", async () => {
    const paid = await createPaidBooking(t);
    await t.deps.database.db
      .update(bookings)
      .set({ payoutStatus: "pending", payoutAttempts: MAX_MONEY_ATTEMPTS, payoutLastError: "The destination account has been closed" })
      .where(eq(bookings.id, paid.bookingId));
    await recordDispute(
      t.deps,
      {
        id: "du_1QxLongDisputeIdentifierFromStripe0001",
        chargeId: "ch_1",
        paymentIntentId: paid.paymentIntentId,
        amountCents: 9_775,
        currency: "usd",
        reason: "product_not_received",
        status: "needs_response",
      },
      new Date(),
    );

    const page = await adminPage(360);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Money issues" }).click();
    const payout = page.getByTestId("money-issue").filter({ hasText: `Payout · Booking #${paid.bookingId}` });
    await expect(payout.getByText("Stopped", { exact: true })).toBeVisible();
    await expect(payout.getByText("The destination account has been closed")).toBeVisible();
    await expect(page.getByTestId("money-issue").filter({ hasText: `Dispute · Booking #${paid.bookingId}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  test("the Money issues tab reverses a no-show after a confirmation and retries an owed clawback, at 360 px, by keyboard", async () => {
    const noShow = await createPaidBooking(t);
    const owed = await createPaidBooking(t);
    const marked = new Date();
    await t.deps.database.db
      .update(bookings)
      .set({ status: "no_show", noShowAt: marked, noShowNote: "Nobody came to the field", payoutStatus: "pending" })
      .where(eq(bookings.id, noShow.bookingId));
    // Reversed earlier, its transfer could not be taken back: the coach owes it.
    await t.deps.database.db
      .update(bookings)
      .set({
        status: "cancelled",
        cancelCode: "no_show_reversed",
        cancelledAt: marked,
        noShowAt: marked,
        noShowNote: "Late call",
        noShowReversedAt: marked,
        paymentStatus: "refunded",
        payoutStatus: "owed",
        transferId: "tr_sim_gone",
        payoutLastError: "Insufficient funds in the connected account",
      })
      .where(eq(bookings.id, owed.bookingId));

    const page = await adminPage(360);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Money issues" }).click();
    const card = page.getByTestId("money-issue").filter({ hasText: `No-show · Booking #${noShow.bookingId}` });
    await expect(card.getByText("Nobody came to the field")).toBeVisible();
    const reverse = card.getByRole("button", { name: `Reverse no-show of booking #${noShow.bookingId}` });
    await reverse.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Reverse this no-show?" });
    await expect(dialog.getByText(`The family is refunded $${noShow.totalAmount} in full`, { exact: false })).toBeVisible();
    await expect(dialog.getByText("the coach's payout of $85.00 is taken back", { exact: false })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Reverse no-show" }).click();
    await expect(
      card.getByRole("status").filter({ hasText: `No-show reversed. The family is refunded $${noShow.totalAmount} in full.` }),
    ).toBeVisible();
    await expect(card.getByText("Refunded in full", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: /Reverse no-show/ })).toHaveCount(0);
    const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, noShow.bookingId));
    expect(row).toMatchObject({ status: "cancelled", cancelCode: "no_show_reversed", payoutStatus: "none" });

    const payout = page.getByTestId("money-issue").filter({ hasText: `Payout · Booking #${owed.bookingId}` });
    await expect(payout.getByText("Owed by the coach", { exact: true })).toBeVisible();
    await payout.getByRole("button", { name: `Retry clawback of booking #${owed.bookingId}` }).click();
    await expect(
      payout.getByRole("status").filter({ hasText: "The provider still could not take the payout back; the coach still owes it." }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  test("a player sees Access Denied at /admin and the admin API refuses them", async () => {
    const page = await signedInPage("player@example.com");
    // A player without a phone and a position only sees the setup wizard; give them both so the guard is reached.
    await t.deps.database.db
      .update(users)
      .set({ phoneNumber: "801-555-0100", position: "attack" })
      .where(eq(users.email, "player@example.com"));
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("This page is only available for admins.", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toHaveCount(0);
    const res = await page.request.post("/api/admin/testimonials", { data: { name: "Sneaky", content: "Not allowed" } });
    expect(res.status()).toBe(403);
    await page.context().close();
  });

  test("a signed-out visitor at /admin sees Unauthorized and is sent to the login page", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.context().close();
  });
});
