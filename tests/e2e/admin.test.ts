import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { verificationTokenFor } from "../factories/users";
import { canRunBrowser, launchBrowser, newPage, startE2eServer, type E2eServer } from "./support/browser";

const ADMIN_EMAIL = "admin@example.com";
const HERO_FALLBACK_TITLE = "Train with the best lacrosse coaches near you";

/** Issue 8: the admin panel's content blocks and testimonials, and the landing page that shows them. */
describe.skipIf(!canRunBrowser)("admin panel: content blocks and testimonials", () => {
  let t: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    t = await startE2eServer({ ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A fresh browser whose cookie jar holds a session for a newly registered account. */
  async function signedInPage(email: string, width?: number): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl, { width });
    const res = await page.request.post("/api/auth/register", {
      data: { email, password: "secret123", firstName: "Alex", lastName: "Morgan" },
    });
    expect(res.status()).toBe(201);
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
    await toast.getByText(description, { exact: true }).waitFor();
  }

  it("an admin adds a testimonial, edits it, sees it on the landing page, and deletes it after confirming", async () => {
    const page = await adminPage();
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Panel", level: 1 }).waitFor();
    await page.getByRole("tab", { name: "Content Blocks" }).waitFor();
    await page.getByRole("tab", { name: "Testimonials" }).click();
    await page.getByText("No testimonials yet", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Add Testimonial" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    // The spec's default rating is 5.
    expect(await dialog.getByLabel("Rating").textContent()).toBe("5 stars");
    await dialog.getByRole("button", { name: "Create Testimonial" }).click();
    await dialog.getByText("Name is required", { exact: true }).waitFor();
    await dialog.getByText("Content is required", { exact: true }).waitFor();

    await dialog.getByLabel("Name").fill("Jamie Parker");
    await dialog.getByLabel("Role").fill("Parent of a U13 midfielder");
    await dialog.getByLabel("Content").fill("Our son's stick skills took off after four sessions.");
    await dialog.getByLabel("Rating").click();
    await page.getByRole("option", { name: "4 stars" }).click();
    await dialog.getByRole("button", { name: "Create Testimonial" }).click();
    await expectToast(page, "Success", "Testimonial saved");
    await dialog.waitFor({ state: "hidden" });

    const item = page.getByTestId("testimonial-item").filter({ hasText: "Jamie Parker" });
    await item.getByText("Our son's stick skills took off after four sessions.", { exact: false }).waitFor();
    await item.getByRole("img", { name: "Rated 4 out of 5" }).waitFor();

    await item.getByRole("button", { name: "Edit testimonial from Jamie Parker" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Jamie Parker");
    expect(await dialog.getByLabel("Role").inputValue()).toBe("Parent of a U13 midfielder");
    expect(await dialog.getByLabel("Rating").textContent()).toBe("4 stars");
    await dialog.getByLabel("Content").fill("Four sessions in, our son plays with real confidence.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "Testimonial saved");
    await item.getByText("Four sessions in, our son plays with real confidence.", { exact: false }).waitFor();

    await navigateInApp(page, "/landing");
    const section = page.getByTestId("testimonials");
    await section.getByText("Jamie Parker", { exact: true }).waitFor();
    await section.getByText("Four sessions in, our son plays with real confidence.", { exact: false }).waitFor();
    await section.getByRole("img", { name: "Rated 4 out of 5" }).waitFor();

    await page.goto("/admin");
    await page.getByRole("tab", { name: "Testimonials" }).click();
    await item.getByRole("button", { name: "Delete testimonial from Jamie Parker" }).click();
    let confirm = page.getByRole("alertdialog", { name: "Delete this testimonial?" });
    await confirm.getByText("This cannot be undone.", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await item.waitFor();

    await item.getByRole("button", { name: "Delete testimonial from Jamie Parker" }).click();
    confirm = page.getByRole("alertdialog", { name: "Delete this testimonial?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Testimonial deleted");
    await page.getByText("No testimonials yet", { exact: true }).waitFor();
    expect((await (await page.request.get("/api/testimonials")).json()) as unknown[]).toEqual([]);

    await navigateInApp(page, "/landing");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByTestId("testimonials").count()).toBe(0);
    await page.context().close();
  });

  it("a content block keyed hero replaces the landing headline, a duplicate key shows the server's message, and deleting restores the built-in text", async () => {
    const page = await adminPage();
    await page.goto("/admin");
    await page.getByText("No content blocks yet", { exact: true }).waitFor();

    // Keyboard only: the trigger opens the dialog and focus lands in its first field.
    await page.getByRole("button", { name: "Add Content Block" }).focus();
    await page.keyboard.press("Enter");
    let dialog = page.getByRole("dialog", { name: "Add Content Block" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Key").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("hero");
    await dialog.getByLabel("Title").fill("Sharpen your stick skills this season");
    await dialog.getByLabel("Content").fill("Private and small-group lacrosse training near you.");
    await dialog.getByLabel("Order").fill("1");
    await dialog.getByRole("button", { name: "Create Content Block" }).click();
    await expectToast(page, "Success", "Content block saved");
    await dialog.waitFor({ state: "hidden" });
    const item = page.getByTestId("content-block-item").filter({ hasText: "hero" });
    await item.getByText("Sharpen your stick skills this season", { exact: true }).waitFor();
    await item.getByText("On landing page", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Add Content Block" }).click();
    dialog = page.getByRole("dialog", { name: "Add Content Block" });
    await dialog.getByRole("button", { name: "Create Content Block" }).click();
    await dialog.getByText("Key is required", { exact: true }).waitFor();
    await dialog.getByLabel("Key").fill("hero");
    await dialog.getByLabel("Title").fill("Another headline");
    await dialog.getByRole("button", { name: "Create Content Block" }).click();
    await dialog.getByText("A content block with this key already exists", { exact: true }).waitFor();
    await expectToast(page, "Error", "Failed to save content block: A content block with this key already exists");
    // The dialog stays open with what the admin typed, so the key can be corrected.
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Another headline");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(((await (await page.request.get("/api/content-blocks")).json()) as unknown[]).length).toBe(1);

    await navigateInApp(page, "/landing");
    await page.getByRole("heading", { level: 1, name: "Sharpen your stick skills this season" }).waitFor();
    await page.getByText("Private and small-group lacrosse training near you.", { exact: true }).waitFor();

    await page.goto("/admin");
    await item.getByRole("button", { name: "Delete hero" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this content block?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Content block deleted");
    await page.getByText("No content blocks yet", { exact: true }).waitFor();

    await navigateInApp(page, "/landing");
    await page.getByRole("heading", { level: 1, name: HERO_FALLBACK_TITLE }).waitFor();
    await page.context().close();
  });

  it("works at 360 px wide without sideways scrolling", async () => {
    const page = await adminPage(360);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Testimonials" }).click();
    await page.getByRole("button", { name: "Add Testimonial" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.getByLabel("Name").fill("Casey Long");
    await dialog.getByLabel("Content").fill("Great goalie coaching for my daughter.");
    await dialog.getByRole("button", { name: "Create Testimonial" }).click();
    await expectToast(page, "Success", "Testimonial saved");
    await page.getByTestId("testimonial-item").filter({ hasText: "Casey Long" }).getByRole("button", { name: /^Edit/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("a player sees Access Denied at /admin and the admin API refuses them", async () => {
    const page = await signedInPage("player@example.com");
    // A player without a phone and a position only sees the setup wizard; give them both so the guard is reached.
    await t.deps.database.db
      .update(users)
      .set({ phoneNumber: "801-555-0100", position: "attack" })
      .where(eq(users.email, "player@example.com"));
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByText("This page is only available for admins.", { exact: true }).waitFor();
    expect(await page.getByRole("heading", { name: "Admin Panel" }).count()).toBe(0);
    const res = await page.request.post("/api/admin/testimonials", { data: { name: "Sneaky", content: "Not allowed" } });
    expect(res.status()).toBe(403);
    await page.context().close();
  });

  it("a signed-out visitor at /admin sees Unauthorized and is sent to the login page", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Unauthorized" }).waitFor();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.context().close();
  });
});
