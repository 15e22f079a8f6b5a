import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { makeCoach } from "@tests/factories/coaches";
import { verificationTokenFor } from "@tests/factories/users";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { newPage, seriousA11yViolations, useBrowserFile } from "./support/browser";

const ADMIN_EMAIL = "verifier@example.com";
const PHONE = 390;
const BADGE = "SafeSport trained · background checked";
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200, 0x20), Buffer.from("\n%%EOF\n")]);

/** Today in the coaches' zone (ZIP 21201, Baltimore). */
function todayInBaltimore(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}

/** DESIGN 12, Verified coaches: a coach gets screened, an admin verifies, families see the badge and filter by it. */
test.describe("verified coaches", () => {
  const { t, browser } = useBrowserFile({ ADMIN_EMAILS: ADMIN_EMAIL });
  let screened: { id: number; email: string; password: string };
  let unverifiedId: number;

  test.beforeAll(async () => {
    const tomorrow = addDaysToDate(todayInBaltimore(), 1);
    const sam = await makeCoach(t, { firstName: "Sam", lastName: "Screened" });
    const lee = await makeCoach(t, { firstName: "Lee", lastName: "Unverified" });
    for (const coach of [sam, lee]) {
      const slot = await coach.agent.post("/api/time-slots").send({ date: tomorrow, startTime: "10:00", endTime: "11:00" });
      expect(slot.status).toBe(201);
    }
    screened = { id: sam.coach.id, email: sam.email, password: sam.password };
    unverifiedId = lee.coach.id;
  });

  async function signIn(email: string, password: string, width?: number): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl, { width });
    const res = await page.request.post("/api/auth/login", { data: { email, password } });
    expect(res.status()).toBe(200);
    return page;
  }

  test("a coach adds SafeSport with its document and starts a background check from the dashboard", async () => {
    const page = await signIn(screened.email, screened.password);
    await page.goto("/coach-dashboard");
    const section = page.getByTestId("verification-section");
    await expect(section.getByRole("heading", { name: "Verification" })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByText(/No credentials yet/)).toBeVisible();

    await section.getByRole("button", { name: "Add credential" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a credential" });
    await expect(dialog.getByLabel("Credential", { exact: true })).toHaveValue("safesport");
    await dialog.getByLabel("Completed on").fill(addDaysToDate(todayInBaltimore(), -30));
    await dialog.getByLabel(/^Document/).setInputFiles({ name: "safesport.pdf", mimeType: "application/pdf", buffer: PDF });
    await dialog.getByRole("button", { name: "Send for review" }).click();
    await expect(dialog).toBeHidden();
    const rows = section.getByTestId("credential");
    await expect(rows.filter({ hasText: "SafeSport trained" })).toContainText("Pending review");
    await expect(rows.filter({ hasText: "SafeSport trained" }).getByRole("link", { name: "View document" })).toBeVisible();

    await section.getByRole("button", { name: "Start background check" }).click();
    await expect(rows.filter({ hasText: "Background checked" })).toContainText("Pending: the background check is running");
    await expect(section.getByRole("button", { name: "Start background check" })).toBeDisabled();

    // The simulated screening provider answers "clear" (the test-only route while the test clock is on).
    const credentials = (await (await page.request.get("/api/coach/credentials")).json()) as { id: number; kind: string }[];
    const check = credentials.find((c) => c.kind === "background_check");
    expect(check).toBeDefined();
    const settled = await page.request.post(`/api/test/screening/${check?.id}`, { data: { result: "clear" } });
    expect(settled.status()).toBe(200);
    await page.reload();
    await expect(rows.filter({ hasText: "Background checked" })).toContainText(/Verified · valid until/, { timeout: 30_000 });
  });

  test("an admin opens the document and verifies the SafeSport training in the Verification tab", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    await makeBrowserPlayer(page, { email: ADMIN_EMAIL, firstName: "Val", lastName: "Admin", position: null });
    const verified = await page.request.post("/api/auth/verify-email", { data: { token: verificationTokenFor(t, ADMIN_EMAIL) } });
    expect(verified.status()).toBe(200);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Verification" }).click();
    const item = page.getByTestId("verification-item").filter({ hasText: "Sam Screened" });
    await expect(item).toContainText("SafeSport trained");
    await expect(item.getByRole("link", { name: "Open document" })).toHaveAttribute("href", /^\/api\/coach\/credentials\/\d+\/document$/);
    const href = await item.getByRole("link", { name: "Open document" }).getAttribute("href");
    const document = await page.request.get(href ?? "");
    expect([document.status(), document.headers()["content-type"]]).toEqual([200, "application/pdf"]);

    // Reject asks for a reason first; cancelled, nothing changes.
    await item.getByRole("button", { name: /^Reject/ }).click();
    const reject = page.getByRole("alertdialog", { name: "Reject this credential?" });
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(reject.getByText("Give a reason for the coach (up to 500 characters).")).toBeVisible();
    await reject.getByRole("button", { name: "Cancel" }).click();

    await item.getByRole("button", { name: /^Verify/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Verify this credential?" });
    await confirm.getByRole("button", { name: "Verify" }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByText("No credentials are waiting for review.")).toBeVisible();
  });

  test("on a phone the badge shows on the profile and the search card, passes axe, and the filter hides the unverified coach", async () => {
    const { page } = await newPage(browser, t.baseUrl, { width: PHONE });
    await page.goto(`/coach/${screened.id}`);
    const badge = page.getByTestId("screening-badges").first();
    await expect(badge).toContainText(BADGE);
    await expect(badge).toContainText(/valid until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const shots = path.resolve("test-results", "verified-coaches");
    mkdirSync(shots, { recursive: true });
    await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, "profile-badge-390.png") });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE);

    await page.goto("/find-coaches?position=Midfield&zipcode=21201&radius=25");
    const cards = page.getByTestId("coach-card");
    const samCard = cards.filter({ hasText: "Sam Screened" });
    const leeCard = cards.filter({ hasText: "Lee Unverified" });
    await expect(samCard.getByTestId("screening-badges")).toContainText(BADGE);
    await expect(leeCard).toBeVisible();
    await expect(leeCard.getByTestId("screening-badges")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await samCard.screenshot({ path: path.join(shots, "search-card-390.png") });

    await page.getByRole("checkbox", { name: "Verified coaches only" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/verified=true/);
    await expect(samCard).toBeVisible();
    await expect(leeCard).toHaveCount(0);
    // Kept in the address: a reload keeps the filter on.
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Verified coaches only" })).toBeChecked();
    await expect(samCard).toBeVisible();
    await expect(leeCard).toHaveCount(0);
    expect(unverifiedId).toBeGreaterThan(0);
  });
});
