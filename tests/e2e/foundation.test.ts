import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { expect, test, type Page } from "@playwright/test";
import { testimonials, users } from "@server/db/schema";
import { newPage, useBrowserFile } from "./support/browser";
import { accountMenuButton, signOut } from "./support/header";

/** Issue 3: the public pages, the account journeys and the shell, in a real browser. */
test.describe("foundation: public pages, accounts and shell", () => {
  const { t, browser } = useBrowserFile();

  /** A page in its own context; the timeout is generous because the CI machine may be busy. */
  async function freshPage(width?: number, serviceWorkers?: "block"): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl, { width, serviceWorkers });
    page.setDefaultTimeout(20_000);
    return page;
  }

  async function openPage(path: string, width?: number): Promise<Page> {
    const page = await freshPage(width);
    await page.goto(path);
    return page;
  }

  async function registerPlayer(page: Page, email: string, password: string) {
    await page.goto("/login?intent=player");
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("First name").fill("Riley");
    await page.getByLabel("Last name").fill("Stone");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  }

  test("the landing page claims no figure the data does not hold, and hides testimonials until some exist, then shows at most 6", async () => {
    const page = await openPage("/landing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/\S/);
    // DESIGN 11: an empty marketplace claims nothing (no "4.9/5, 500+ sessions, 50+ coaches").
    await expect(page.getByRole("heading", { name: "Common questions" })).toBeVisible();
    for (const figure of ["4.9/5", "500+", "50+"]) await expect(page.getByText(figure, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("figures")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Find Your Coach" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Become a Coach" })).toBeVisible();
    await expect(page.getByTestId("testimonials")).toHaveCount(0);

    await t.deps.database.db.insert(testimonials).values(
      Array.from({ length: 7 }, (_, i) => ({
        name: `Parent ${i + 1}`,
        role: "Parent of a midfielder",
        content: `Great coaching, session number ${i + 1} was the best yet.`,
        rating: 5,
        order: i,
      })),
    );
    await page.reload();
    const section = page.getByTestId("testimonials");
    await expect(section).toBeVisible();
    await expect(section.getByText("Parent 1", { exact: true })).toBeVisible();
    await expect(section.getByRole("listitem")).toHaveCount(6);
    await expect(section.getByText("Parent 7", { exact: true })).toHaveCount(0);
    await page.context().close();
  });

  test("the contact dialog shows each validation message, then sends and confirms with a toast", async () => {
    const page = await openPage("/landing");
    await page.getByRole("button", { name: "Contact Us" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Please provide more details about your question",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel("Name").fill("Jordan Miles");
    await dialog.getByLabel("Email").fill("jordan@example.com");
    await dialog.getByLabel("Phone").fill("801-555-0100");
    await dialog.getByLabel("Question").fill("Do you have goalie coaches near Provo?");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent!", { exact: true })).toBeVisible();
    await expect(page.getByText("Thank you for contacting us. We'll get back to you soon.", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.context().close();
  });

  test("the login chooser preselects the coach role from ?intent=coach and goes back to the options without the query", async () => {
    const page = await openPage("/login?intent=coach");
    await expect(page.getByRole("heading", { name: "Coach Login" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await page.getByRole("button", { name: "Back to login options" }).click();
    await expect(page.getByRole("button", { name: /Player Login/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Coach Login/ })).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
    await page.context().close();
  });

  test("explains that Google sign-in is not set up when the server says so", async () => {
    const page = await openPage("/login?intent=player");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByText("Google sign-in is not set up on this server", { exact: false })).toBeVisible();
    await page.context().close();
  });

  test("a player registers, signs out to /login, and signs in again", async () => {
    // The logout answer is held below with page.route, which a controlling service worker bypasses.
    const page = await freshPage(undefined, "block");
    await registerPlayer(page, "riley@example.com", "secret123");
    expect(new URL(page.url()).pathname).toBe("/");

    // Hold the logout answer until the pending label has been seen.
    let releaseLogout!: () => void;
    const logoutReleased = new Promise<void>((resolve) => (releaseLogout = resolve));
    await page.route("**/api/auth/logout", async (route) => {
      await logoutReleased;
      await route.continue();
    });
    await signOut(page);
    await expect(page.getByRole("button", { name: "Signing Out..." })).toBeVisible();
    releaseLogout();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("button", { name: /Player Login/ }).click();
    await page.getByLabel("Email").fill("riley@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Login failed", { exact: true })).toBeVisible();

    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(accountMenuButton(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });

  test("a forgotten password is reset with the e-mailed link, which then no longer works", async () => {
    const page = await freshPage();
    await registerPlayer(page, "casey@example.com", "first-pass");
    await signOut(page);
    await page.waitForURL((url) => url.pathname === "/login");

    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email").fill("casey@example.com");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(
      page.getByText("If an account with that email exists, you'll receive a password reset link within a few minutes."),
    ).toBeVisible();
    await expect(page.getByText("Reset link sent", { exact: true })).toBeVisible();

    // Registration also mailed a verification link; this is the reset mail.
    const mail = t.outbox().find((m) => m.recipient.includes("casey@example.com") && m.headers.Subject === "Reset your password");
    const link = mail?.body.match(/\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link, "reset link in the e-mail").toBeTruthy();

    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill("second-pass");
    await page.getByLabel("Confirm new password").fill("different");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("Confirm new password").fill("second-pass");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("heading", { name: "Success!" })).toBeVisible();
    await expect(page.getByText("Password Updated", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Continue to Login" }).click();
    await page.getByRole("button", { name: /Player Login/ }).click();
    await page.getByLabel("Email").fill("casey@example.com");
    await page.getByLabel("Password").fill("second-pass");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(accountMenuButton(page)).toBeVisible();
    await signOut(page);
    await page.waitForURL((url) => url.pathname === "/login");

    // Single use: the same link is now invalid.
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Link Expired or Invalid" })).toBeVisible();
    await page.context().close();
  });

  test("an invalid or missing reset token shows the expired-link screen", async () => {
    const page = await openPage("/reset-password?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "Link Expired or Invalid" })).toBeVisible();
    await expect(page.getByText("This password reset link is invalid or has expired").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Request New Reset Link" })).toBeVisible();
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Link Expired or Invalid" })).toBeVisible();
    await page.context().close();
  });

  test("an unknown path shows the not-found screen, in words for users with a way home and to the search (DESIGN 11)", async () => {
    const page = await openPage("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go home" })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: "Find a coach", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/find-coaches");
    await page.context().close();
  });

  test("robots.txt is a robots file, not the app's page: crawlers read the pages and their public reads, not the rest of the API", async () => {
    const res = await fetch(`${t.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(text).toContain("Allow: /api/coaches/*/profile\n");
    expect(text).toContain("Disallow: /api/\n");
  });

  test("a signed-out visitor to a signed-in page sees Unauthorized and lands on /login", async () => {
    const page = await openPage("/my-bookings");
    await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.context().close();
  });

  test("a signed-in player who opens the admin panel sees Access Denied and is sent home", async () => {
    const page = await freshPage();
    await registerPlayer(page, "pat@example.com", "secret123");
    // A player without phone and position sees only the setup wizard, so complete the profile first.
    await t.deps.database.db.update(users).set({ phoneNumber: "8015550100", position: "Attack" }).where(eq(users.email, "pat@example.com"));
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("This page is only available for admins.")).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { name: "Welcome back, Riley!" })).toBeVisible();
    await page.context().close();
  });

  test("the signed-in player navigation and home cards follow the spec, and the mobile menu works at 360 px", async () => {
    const page = await freshPage(360);
    await registerPlayer(page, "sam@example.com", "secret123");
    await t.deps.database.db.update(users).set({ phoneNumber: "8015550101", position: "Goalie" }).where(eq(users.email, "sam@example.com"));
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Welcome back, Riley!" })).toBeVisible();
    for (const card of ["Find Training", "My Bookings", "My Requests"])
      await expect(page.getByRole("link", { name: new RegExp(card) }).first()).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    for (const item of ["Home", "Find Training", "My Bookings", "My Requests", "Messages", "My Family", "My Profile"]) {
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.context().close();
  });
  test("the terms of service page shows the legal facts and downloads the PDF", async () => {
    const page = await openPage("/terms-of-service");
    await expect(page.getByRole("heading", { name: "Terms of Service", level: 1 })).toBeVisible();
    await expect(page.getByText("Utah", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Login" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe("terms-of-service.pdf");
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
    await page.context().close();
  });

  test("the public pages fit a 360 px screen without sideways scrolling", async () => {
    const page = await freshPage(360);
    for (const path of [
      "/landing",
      "/login",
      "/login?intent=player",
      "/forgot-password",
      "/reset-password",
      "/terms-of-service",
      "/no-such-page",
    ]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
    await page.context().close();
  });

  test("the public pages have no serious or critical accessibility violations", async () => {
    // Several pages, each scanned by axe.
    test.setTimeout(120_000);
    const page = await freshPage();
    for (const path of ["/landing", "/login?intent=coach", "/forgot-password", "/terms-of-service"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
      expect(serious, path).toEqual([]);
    }
    await page.context().close();
  });
});
