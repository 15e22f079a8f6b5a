import { expect, test, type Browser, type Page } from "@playwright/test";
import { PRIVACY_POLICY_VERSION } from "@contract/children";
import { eq } from "drizzle-orm";
import type { Booking } from "@contract/bookings";
import type { Athlete } from "@contract/families";
import type { SessionRequest } from "@contract/requests";
import { addDaysToDate } from "@contract/time";
import { users } from "@server/db/schema/index";
import { makeCoach } from "@tests/factories/coaches";
import { makeBrowserCoach, makeBrowserPlayer } from "@tests/factories/browser-people";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";
import { openAccountLink } from "./support/header";

const PASSWORD = "strong-pass-1";

/** Tomorrow in the coach's zone (the default coach's ZIP 21201 is Baltimore). */
function tomorrowIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return addDaysToDate(today, 1);
}

/** Issue 26: a family with several athletes and two guardians, through the pages. */
test.describe("families: athletes and guardians", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let browser: Browser;
  let parent: Page;

  async function register(page: Page, email: string, firstName: string): Promise<void> {
    await makeBrowserPlayer(page, { email, password: PASSWORD, firstName, lastName: "Parker", position: "Attack" });
  }

  async function athletes(page: Page): Promise<Athlete[]> {
    return (await (await page.request.get("/api/athletes")).json()) as Athlete[];
  }

  async function addAthleteThroughForm(
    page: Page,
    firstName: string,
    birthday: string,
    position: string,
    underThirteen = false,
  ): Promise<void> {
    const form = page.getByRole("form", { name: "New athlete" });
    await form.getByLabel("First name").fill(firstName);
    await form.getByLabel("Last name").fill("Parker");
    await form.getByLabel("Birthday").fill(birthday);
    await form.getByRole("combobox", { name: /^Position/ }).selectOption(position);
    // DESIGN.md 12: a child under 13 is added with the guardian's consent to the Privacy Policy version shown.
    const consent = form.getByRole("checkbox", { name: /I am this child's parent or guardian/ });
    if (underThirteen) {
      await expect(form.getByText(`version ${PRIVACY_POLICY_VERSION}`)).toBeVisible();
      await consent.check();
    } else {
      await expect(consent).toHaveCount(0);
    }
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
    // Invitations come only from a verified address (DESIGN.md 12).
    await t.deps.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, "dana.parent@example.com"));
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("the account menu's Add an athlete adds a child in one step; the family page lists and edits them", async () => {
    await parent.goto("/my-bookings");
    await openAccountLink(parent, "Add an athlete");
    await addAthleteThroughForm(parent, "Mia", "2015-04-12", "Midfield", true);
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

  test("a second guardian accepts the mailed invitation and sees the family's athletes; the owner removes them", async () => {
    await parent.goto("/family");
    // The server's refusal of the address sits under the field it names.
    const inviteBox = parent.getByLabel("Invite a guardian by e-mail");
    await inviteBox.fill("dana.parent@example.com");
    await parent.getByRole("button", { name: "Send invitation" }).click();
    await expect(inviteBox).toHaveAccessibleDescription("You are already a guardian of this family.");
    await inviteBox.fill("jordan.parent@example.com");
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
    await parent.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(parent.getByText("jordan.parent@example.com")).toBeHidden();
    await second.close();
  });

  test("booking asks which athlete when the family has more than one", async () => {
    const { page: coachPage } = await newPage(browser, t.baseUrl);
    const { id: coachId } = await makeBrowserCoach(
      coachPage,
      { email: "casey.coach@example.com", password: PASSWORD, firstName: "Casey", lastName: "Coach" },
      {
        title: "Former D1 Attackman",
        bio: "Coaching attackmen and midfielders.",
        zipcode: "10001",
        specializations: ["Attack"],
        experience: "15 years",
        rates: [{ sessionType: "individual", duration: 60, rate: "85.00" }],
      },
    );
    await coachPage.close();

    await parent.goto(`/book-coach/${coachId}`);
    const picker = parent.getByRole("combobox", { name: /^Athlete/ });
    await expect(picker).toBeVisible();
    // DESIGN.md 12: nobody is chosen for a family of two or more, and nothing can be booked until one is.
    await expect(picker).toHaveValue("");
    await expect(parent.getByRole("button", { name: "Book & Pay" })).toBeDisabled();
    const mia = (await athletes(parent)).find((a) => a.firstName === "Mia")!;
    await picker.selectOption(String(mia.id));
    // The button names Mia now; it still waits for a time to be chosen (issue 47).
    await expect(parent.getByRole("button", { name: "Book Mia's session" })).toBeDisabled();
    await expect(parent.getByText("Choose a time to book.", { exact: true })).toBeVisible();
    // Never chosen again by default, not even the last one chosen.
    await parent.reload();
    await expect(parent.getByRole("combobox", { name: /^Athlete/ })).toHaveValue("");
  });

  test("on a phone, a parent of two chooses the child; the summary and the button name them, and the booking is the child's", async () => {
    await parent.setViewportSize({ width: 390, height: 844 });
    const coach = await makeCoach(t, { firstName: "Avery", lastName: "Lane" });
    const slot = await coach.agent
      .post("/api/time-slots")
      .send({ date: tomorrowIn(coach.coach.timeZone), startTime: "15:00", endTime: "17:00", locationName: "Memorial Field" });
    expect(slot.status).toBe(201);
    const slotId = (slot.body as { id: number }).id;

    await parent.goto(`/book-coach/${coach.coach.id}?slot=${slotId}`);
    await parent.getByRole("button", { name: /60 min Individual Session/ }).click();
    await parent.getByRole("region", { name: "Start Time" }).getByRole("button", { name: "3:00 PM" }).click();
    await expect(parent.getByRole("button", { name: "Book & Pay" })).toBeDisabled();
    const mia = (await athletes(parent)).find((a) => a.firstName === "Mia")!;
    await parent.getByRole("combobox", { name: /^Athlete/ }).selectOption(String(mia.id));
    await expect(parent.getByText(`Mia Parker, age ${mia.age}`, { exact: true })).toBeVisible();
    const book = parent.getByRole("button", { name: "Book Mia's session" });
    await expect(book).toBeEnabled();
    // The page fits the phone: nothing wider than its 390 px.
    expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await book.click();
    await parent.waitForURL(/\/booking-checkout\/\d+$/);
    const bookingId = Number(new URL(parent.url()).pathname.split("/").at(-1));
    const booking = (await (await parent.request.get(`/api/bookings/${bookingId}`)).json()) as Booking;
    expect(booking.athleteId).toBe(mia.id);
    await parent.setViewportSize({ width: 1280, height: 720 });
  });

  test("two siblings take seats in one group session and are paid for in one checkout; the coach sees each athlete", async () => {
    // Booking, paying and the coach's pages in one journey: over a minute on a busy shared machine.
    test.setTimeout(180_000);
    // The default profile offers a 60-minute group session at $40.00.
    const coach = await makeCoach(t, { firstName: "Morgan", lastName: "Reyes" });
    const date = tomorrowIn(coach.coach.timeZone);
    const slot = await coach.agent.post("/api/time-slots").send({ date, startTime: "10:00", endTime: "12:00", isGroup: true, capacity: 4 });
    expect(slot.status).toBe(201);
    const slotId = (slot.body as { id: number }).id;

    await parent.goto(`/book-coach/${coach.coach.id}?slot=${slotId}`);
    await parent.getByRole("button", { name: /60 min Group Session/ }).click();
    await parent.getByRole("region", { name: "Start Time" }).getByRole("button", { name: "10:00 AM" }).click();
    const coming = parent.getByRole("group", { name: "Who is coming?" });
    await expect(coming.getByText("4 spots left.", { exact: false })).toBeVisible();
    // Nobody is ticked to start with (DESIGN.md 12): the parent brings the two children.
    await expect(coming.getByRole("checkbox", { name: "Dana Parker" })).not.toBeChecked();
    await expect(parent.getByRole("button", { name: "Book & Pay" })).toBeDisabled();
    await coming.getByRole("checkbox", { name: "Mia Parker" }).check();
    await coming.getByRole("checkbox", { name: "Leo Parker" }).check();
    const price = parent.getByLabel("Price");
    await expect(price.getByText("Session cost (2 athletes)")).toBeVisible();
    await expect(price.getByText("$80.00", { exact: true })).toBeVisible();
    await expect(price.getByText("$12.00", { exact: true })).toBeVisible();
    await expect(price.getByText("$92.00", { exact: true })).toBeVisible();

    await parent.getByRole("button", { name: "Book Mia and Leo's sessions" }).click();
    await parent.waitForURL(/\/booking-checkout\?bookingIds=\d+,\d+$/);
    await expect(parent.getByTestId("summary-line")).toHaveText(["Session cost, Mia Parker$40.00", "Session cost, Leo Parker$40.00"]);
    await expect(parent.getByTestId("summary-total")).toHaveText("$92.00");
    await parent.getByLabel("Card number", { exact: true }).fill("4242424242424242");
    await parent.getByLabel("Expiration date", { exact: true }).pressSequentially("1230");
    await parent.getByLabel("Security code", { exact: true }).fill("123");
    await parent.getByLabel("ZIP code", { exact: true }).fill("21201");
    await parent.getByRole("button", { name: "Pay $92.00" }).click();
    await parent.waitForURL(/\/my-bookings\?success=true$/);

    const upcoming = parent.getByRole("region", { name: "Upcoming Sessions" });
    // One row for the hold (issue 42): whose seats it holds, the other seat folded under it.
    const hold = upcoming.getByTestId("hold-heading");
    await expect(hold).toContainText("2 seats for");
    await expect(hold).toContainText("Mia Parker");
    await expect(hold).toContainText("Leo Parker");
    await upcoming.getByTestId("hold-more").getByText("The other athlete's seat").click();
    for (const name of ["Mia Parker", "Leo Parker"]) {
      const card = upcoming.getByTestId(/^booking-\d+$/).filter({ hasText: `For ${name}` });
      await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();
    }
    const bookings = (await (await parent.request.get("/api/bookings/student")).json()) as Booking[];
    const seats = bookings.filter((b) => b.timeSlotId === slotId);
    expect(seats.map((b) => [b.athlete?.firstName, b.status, b.totalAmount]).sort()).toEqual([
      ["Leo", "confirmed", "46.00"],
      ["Mia", "confirmed", "46.00"],
    ]);

    // Issue 29: the success page names the athlete of the booking, not the parent who is signed in.
    await parent.goto("/booking-success");
    const confirmation = parent.getByRole("definition").filter({ hasText: /^(Mia|Leo) Parker$/ });
    await expect(confirmation).toBeVisible();
    await expect(parent.getByRole("definition").filter({ hasText: /^Dana Parker$/ })).toHaveCount(0);

    // A request names its athlete too.
    const leo = (await athletes(parent)).find((a) => a.firstName === "Leo")!;
    const request = await parent.request.post("/api/session-requests", {
      data: {
        coachId: coach.coach.id,
        requestedDate: addDaysToDate(date, 1),
        requestedStartTime: "09:00",
        sessionType: "individual",
        duration: 60,
        athleteId: leo.id,
      },
    });
    expect(request.status()).toBe(201);
    const requestId = ((await request.json()) as SessionRequest).id;

    const { page: coachPage } = await newPage(browser, t.baseUrl);
    coachPage.setDefaultTimeout(30_000);
    expect((await coachPage.request.post("/api/auth/login", { data: { email: coach.email, password: coach.password } })).status()).toBe(
      200,
    );
    await coachPage.goto("/my-bookings");
    for (const [name, position] of [
      ["Mia Parker", "Midfield"],
      ["Leo Parker", "Goalie"],
    ] as const) {
      const card = coachPage.getByTestId(/^booking-\d+$/).filter({ has: coachPage.getByRole("heading", { name }) });
      await expect(card.getByText(new RegExp(`^age \\d+ · ${position}$`))).toBeVisible();
    }
    await coachPage.goto("/coach-dashboard");
    const requestCard = coachPage.getByTestId(`session-request-${requestId}`);
    await expect(requestCard.getByRole("heading", { name: "Leo Parker" })).toBeVisible();
    await expect(requestCard.getByText(/^age \d+ · Goalie$/)).toBeVisible();
    await expect(coachPage.getByTestId("next-session")).toContainText(/(Mia|Leo) Parker · Group, 60 min/);
    await coachPage.close();
  });

  test("siblings get seats together or not at all: a seat taken meanwhile leaves none of them held", async () => {
    const coach = await makeCoach(t, { firstName: "Riley", lastName: "Stone" });
    const slot = await coach.agent
      .post("/api/time-slots")
      .send({ date: tomorrowIn(coach.coach.timeZone), startTime: "14:00", endTime: "15:00", isGroup: true, capacity: 3 });
    expect(slot.status).toBe(201);
    const slotId = (slot.body as { id: number }).id;

    await parent.goto(`/book-coach/${coach.coach.id}?slot=${slotId}`);
    await parent.getByRole("button", { name: /60 min Group Session/ }).click();
    await parent.getByRole("region", { name: "Start Time" }).getByRole("button", { name: "2:00 PM" }).click();
    const coming = parent.getByRole("group", { name: "Who is coming?" });
    await expect(coming.getByText("3 spots left.", { exact: false })).toBeVisible();
    await coming.getByRole("checkbox", { name: "Mia Parker" }).check();
    await coming.getByRole("checkbox", { name: "Leo Parker" }).check();
    await coming.getByRole("checkbox", { name: "Mia Parker" }).uncheck();

    // Another family takes two seats while this page is open: one is left for two children.
    const groupRate = coach.coach.rates.find((r) => r.sessionType === "group")!;
    for (const first of ["Avery", "Blake"]) {
      const { page: other } = await newPage(browser, t.baseUrl);
      const email = `${first.toLowerCase()}.family@example.com`;
      await register(other, email, first);
      const taken = await other.request.post("/api/bookings", {
        data: { timeSlotId: slotId, rateId: groupRate.id, sessionType: "group", duration: 60, preferredStartTime: "14:00" },
      });
      expect(taken.status()).toBe(201);
      await other.close();
    }
    await coming.getByRole("checkbox", { name: "Mia Parker" }).check();
    await parent.getByRole("button", { name: "Book Mia and Leo's sessions" }).click();
    const failure = parent.locator("li").filter({ has: parent.getByText("Booking Failed", { exact: true }) });
    await expect(failure.getByText(/Nothing was booked\.$/)).toBeVisible();
    expect(new URL(parent.url()).pathname).toBe(`/book-coach/${coach.coach.id}`);
    // Mia's seat, held first, was let go: the family holds nothing in this session.
    await expect
      .poll(async () => {
        const bookings = (await (await parent.request.get("/api/bookings/student")).json()) as Booking[];
        return bookings.filter((b) => b.timeSlotId === slotId && b.status !== "cancelled").length;
      })
      .toBe(0);
  });
});
