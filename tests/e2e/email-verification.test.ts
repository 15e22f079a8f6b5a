import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationTokenFor } from "../factories/users";
import { canRunBrowser, launchBrowser, newPage, startE2eServer, type E2eServer } from "./support/browser";

/** Issue 13: the "verify your e-mail" notice, its resend button and the /verify-email page, in a real browser. */
describe.skipIf(!canRunBrowser)("e-mail verification", () => {
  let t: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    t = await startE2eServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("a new player sees the notice, can resend the link, and following it verifies the address", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    page.setDefaultTimeout(20_000);
    const email = `verify-e2e-${Date.now()}@example.com`;
    await page.goto("/login?intent=player");
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("First name").fill("Riley");
    await page.getByLabel("Last name").fill("Stone");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("riley-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    const notice = page.getByRole("status").filter({ hasText: "Verify your e-mail." });
    await notice.getByText(email).waitFor();
    await notice.getByRole("button", { name: "Resend link" }).click();
    await page.getByText("Verification e-mail sent").first().waitFor();
    const mails = t.outbox().filter((m) => m.recipient === email && m.headers.Subject === "Verify your e-mail address");
    expect(mails).toHaveLength(2);

    await page.goto(`/verify-email?token=${encodeURIComponent(verificationTokenFor(t, email))}`);
    await page.getByRole("heading", { name: "E-mail Verified" }).waitFor();
    await page.getByRole("link", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading").first().waitFor();
    expect(await page.getByText("Verify your e-mail.").count()).toBe(0);
  });

  it("an invalid or used link says so, signed out too", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    page.setDefaultTimeout(20_000);
    await page.goto("/verify-email?token=not-a-real-token");
    await page.getByRole("heading", { name: "Link Expired or Invalid" }).waitFor();
    await page.getByText("This verification link is invalid or has expired").waitFor();
    await page.getByRole("link", { name: "Continue to Login" }).waitFor();
  });
});
