import { expect, test, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Athlete } from "../../src/contract/families";
import { users } from "../../src/server/db/schema/index";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";

const PASSWORD = "strong-pass-1";

/** Issue 26: a family with several athletes and two guardians, through the pages. */
test.describe("families: athletes and guardians", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let browser: Browser;
  let parent: Page;

  async function register(page: Page, email: string, firstName: string): Promise<void> {
    const res = await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName, lastName: "Parker" } });
    expect(res.status()).toBe(201);
    const setup = await page.request.patch("/api/users/profile", { data: { phoneNumber: "410-555-0100", position: "Attack" } });
    expect(setup.ok()).toBe(true);
  }

  async function athletes(page: Page): Promise<Athlete[]> {
    return (await (await page.request.get("/api/athletes")).json()) as Athlete[];
  }

  async function addAthleteThroughForm(page: Page, firstName: string, birthday: string, position: string): Promise<void> {
    const form = page.getByRole("form", { name: "New athlete" });
    await form.getByLabel("First name").fill(firstName);
    await form.getByLabel("Last name").fill("Parker");
    await form.getByLabel("Birthday").fill(birthday);
    await form.getByRole("combobox", { name: /^Position/ }).selectOption(position);
    await form.getByRole("button", { name: "Add athlete" }).click();
  }

  test.beforeAll(async ({ browser: workerBrowser }) => {
    // Several suites share two cores here: a cold server start can take longer than the default.
    test.setTimeout(240_000);
    t = await startE2eServer();
    browser = workerBrowser;
    ({ page: parent } = await newPage(browser, t.baseUrl));
    parent.setDefaultTimeout(30_000);
    await register(parent, "dana.parent@example.com", "Dana");
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("the account menu's Add an athlete adds a child in one step; the family page lists and edits them", async () => {
    await parent.goto("/my-bookings");
    await parent.getByRole("button", { name: "Account" }).click();
    await parent.getByRole("link", { name: "Add an athlete" }).click();
    await addAthleteThroughForm(parent, "Mia", "2015-04-12", "Midfield");
    await expect(parent.getByRole("link", { name: "Mia Parker" })).toBeVisible();
    expect((await athletes(parent)).map((a) => a.firstName)).toEqual(["Dana", "Mia"]);

    await parent.getByRole("button", { name: "Add another athlete" }).click();
    await addAthleteThroughForm(parent, "Leo", "2012-09-01", "Goalie");
    await expect(parent.getByRole("link", { name: "Leo Parker" })).toBeVisible();

    await parent.getByRole("button", { name: "Edit Leo Parker" }).click();
    await parent.getByLabel("School or club team").fill("Roland Park");
    await parent.getByRole("button", { name: "Save athlete" }).click();
    await expect.poll(async () => (await athletes(parent)).find((a) => a.firstName === "Leo")?.school).toBe("Roland Park");

    await parent.getByRole("link", { name: "Mia Parker" }).click();
    await expect(parent.getByRole("heading", { name: "Mia Parker" })).toBeVisible();
    await expect(parent.getByText("No sessions yet.")).toBeVisible();
  });

  test("a second guardian accepts the mailed invitation and sees the family's athletes; either can remove the other", async () => {
    await parent.goto("/family");
    await parent.getByLabel("Invite a guardian by e-mail").fill("jordan.parent@example.com");
    await parent.getByRole("button", { name: "Send invitation" }).click();
    await expect(parent.getByText("Invitations waiting for an answer")).toBeVisible();

    const mail = t.outbox().find((m) => m.channel === "email" && m.recipient === "jordan.parent@example.com");
    const link = /\/family\/invitations\/[A-Za-z0-9_-]+/.exec(mail?.body ?? "")?.[0];
    expect(link).toBeTruthy();

    const { page: second } = await newPage(browser, t.baseUrl);
    second.setDefaultTimeout(30_000);
    await register(second, "jordan.parent@example.com", "Jordan");
    await t.deps.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, "jordan.parent@example.com"));
    await second.goto(link!);
    await expect(second.getByText(/invited you to join their family/)).toBeVisible();
    await second.getByRole("button", { name: "Accept invitation" }).click();
    await expect(second.getByRole("heading", { name: "My Family" })).toBeVisible();
    await expect(second.getByRole("link", { name: "Mia Parker" })).toBeVisible();

    await parent.goto("/family");
    await parent
      .getByRole("listitem")
      .filter({ hasText: "jordan.parent@example.com" })
      .getByRole("button", { name: "Remove Jordan Parker" })
      .click();
    await parent.getByRole("button", { name: "Yes, remove" }).click();
    await expect(parent.getByText("jordan.parent@example.com")).toBeHidden();
    await second.close();
  });

  test("booking asks which athlete when the family has more than one", async () => {
    const { page: coachPage } = await newPage(browser, t.baseUrl);
    const coach = await coachPage.request.post("/api/auth/register", {
      data: { email: "casey.coach@example.com", password: PASSWORD, firstName: "Casey", lastName: "Coach", userType: "coach" },
    });
    expect(coach.status()).toBe(201);
    const profile = await coachPage.request.post("/api/coaches", {
      data: {
        title: "Former D1 Attackman",
        bio: "Coaching attackmen and midfielders.",
        zipcode: "10001",
        specializations: ["Attack"],
        experience: "15 years",
        rates: [{ sessionType: "individual", duration: 60, rate: "85.00" }],
      },
    });
    expect(profile.status()).toBe(201);
    const coachId = ((await profile.json()) as { id: number }).id;
    await coachPage.close();

    await parent.goto(`/book-coach/${coachId}`);
    const picker = parent.getByRole("combobox", { name: /^Athlete/ });
    await expect(picker).toBeVisible();
    const mia = (await athletes(parent)).find((a) => a.firstName === "Mia")!;
    await picker.selectOption(String(mia.id));
    // Remembered for this coach.
    await parent.reload();
    await expect(parent.getByRole("combobox", { name: /^Athlete/ })).toHaveValue(String(mia.id));
  });
});
