import { expect, test } from "@playwright/test";
import { verificationTokenFor } from "@tests/factories/users";
import { uniqueEmail } from "@tests/factories/basics";
import { newPage, useBrowserFile } from "./support/browser";

/** Issue 13: the "verify your e-mail" notice, its resend button and the /verify-email page, in a real browser. */
test.describe("e-mail verification", () => {
  const { t, browser } = useBrowserFile();

  test("a new player sees the notice, can resend the link, and following it verifies the address", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    page.setDefaultTimeout(20_000);
    const email = uniqueEmail("verify-e2e");
    await page.goto("/login?intent=player");
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("First name").fill("Riley");
    await page.getByLabel("Last name").fill("Stone");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("riley-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    const notice = page.getByRole("status").filter({ hasText: "Verify your e-mail." });
    await expect(notice.getByText(email)).toBeVisible();
    await notice.getByRole("button", { name: "Resend link" }).click();
    await expect(page.getByText("Verification e-mail sent").first()).toBeVisible();
    const mails = t.outbox().filter((m) => m.recipient === email && m.headers.Subject === "Verify your e-mail address");
    expect(mails).toHaveLength(2);

    await page.goto(`/verify-email?token=${encodeURIComponent(verificationTokenFor(t, email))}`);
    await expect(page.getByRole("heading", { name: "E-mail Verified" })).toBeVisible();
    await page.getByRole("link", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading").first()).toBeVisible();
    await expect(page.getByText("Verify your e-mail.")).toHaveCount(0);
  });

  test("an invalid or used link says so, signed out too", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    page.setDefaultTimeout(20_000);
    await page.goto("/verify-email?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "Link Expired or Invalid" })).toBeVisible();
    await expect(page.getByText("This verification link is invalid or has expired")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue to Login" })).toBeVisible();
  });
});
