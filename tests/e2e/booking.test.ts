import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { makeCoach } from "@tests/factories/coaches";
import { uniqueEmail } from "@tests/factories/basics";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { labelInNameViolations, newPage, useBrowserFile } from "./support/browser";

/** Tomorrow in the coach's zone (the default coach's ZIP 21201 is Baltimore). */
function tomorrowIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return addDaysToDate(today, 1);
}

/** Issue 6: a player books a group slot and pays through the simulated card form of DESIGN.md 8. */
test.describe("booking and paying", () => {
  const { t, browser } = useBrowserFile();
  let coachId: number;
  let slotId: number;
  let coachLogin: { email: string; password: string };
  let firstPlayerEmail = "";

  test.beforeAll(async () => {
    // The default profile offers individual 30 ($50), individual 60 ($85) and group 60 ($40).
    const coach = await makeCoach(t, { firstName: "Casey", lastName: "Coach" });
    coachId = coach.coach.id;
    coachLogin = { email: coach.email, password: coach.password };
    const res = await coach.agent
      .post("/api/time-slots")
      .send({ date: tomorrowIn(coach.coach.timeZone), startTime: "10:00", endTime: "12:00", isGroup: true, capacity: 4 });
    expect(res.status).toBe(201);
    slotId = (res.body as { id: number }).id;
  });

  /** A signed-in player whose setup is complete (phone and position), so the setup wizard stays away. */
  async function playerPage(email = uniqueEmail("booker")): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl);
    await makeBrowserPlayer(page, { email });
    return page;
  }

  async function expectNoSeriousA11yViolations(page: Page, label: string) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
    expect(serious, label).toEqual([]);
  }

  async function expectToast(page: Page, title: string, description: string) {
    const toast = page.locator("li").filter({ has: page.getByText(title, { exact: true }) });
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  }

  /** Books the group slot at 10:30 and lands on the checkout; returns the booking id from the address. */
  async function bookGroupSession(page: Page): Promise<number> {
    await page.goto(`/book-coach/${coachId}?slot=${slotId}`);
    await expect(page.getByRole("heading", { name: "Book a Session with Casey Coach" })).toBeVisible();
    // The slot from the address is chosen, and only the group rate is offered for a group slot.
    await expect(page.getByRole("button", { name: /10:00 AM - 12:00 PM/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: /Individual Session/ })).toHaveCount(0);
    await page.getByRole("button", { name: /60 min Group Session/ }).click();
    const startTimes = page.getByRole("region", { name: "Start Time" });
    // 15-minute steps where a whole hour fits in 10:00-12:00: 10:00 ... 11:00.
    await expect(startTimes.getByRole("button")).toHaveText(["10:00 AM", "10:15 AM", "10:30 AM", "10:45 AM", "11:00 AM"]);
    await startTimes.getByRole("button", { name: "10:30 AM" }).click();
    await expect(page.getByText("10:30 AM - 11:30 AM", { exact: true })).toBeVisible();
    // Session cost $40.00, platform fee 15% = $6.00.
    await expect(page.getByText("$6.00", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Price").getByText("$46.00", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Book & Pay" }).click();
    await page.waitForURL(/\/booking-checkout\/\d+$/);
    await expect(page.getByRole("heading", { name: "Booking Summary" })).toBeVisible();
    return Number(new URL(page.url()).pathname.split("/").pop());
  }

  async function payWithCard(page: Page, cardNumber: string, total: string) {
    await page.getByLabel("Card number", { exact: true }).fill(cardNumber);
    await page.getByLabel("Expiration date", { exact: true }).pressSequentially("1230");
    await page.getByLabel("Security code", { exact: true }).fill("123");
    await page.getByLabel("ZIP code", { exact: true }).fill("21201");
    await expect(page.getByLabel("Card number", { exact: true })).toHaveValue(
      cardNumber.replace(/\D/g, "").replace(/(\d{4})(?=\d)/g, "$1 "),
    );
    await expect(page.getByLabel("Expiration date", { exact: true })).toHaveValue("12 / 30");
    await page.getByRole("button", { name: `Pay $${total}` }).click();
  }

  test("a player books a group slot, adds a $10 tip, pays with 4242 4242 4242 4242 and sees the booking confirmed", async () => {
    firstPlayerEmail = uniqueEmail("first-booker");
    const page = await playerPage(firstPlayerEmail);
    const bookingId = await bookGroupSession(page);
    await expect(page.getByTestId("summary-total").getByText("$46.00")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "checkout");
    await page.getByRole("button", { name: "$10", exact: true }).click();
    await expect(page.getByTestId("summary-tip").getByText("$10.00")).toBeVisible();
    await expect(page.getByTestId("summary-total").getByText("$56.00")).toBeVisible();

    await payWithCard(page, "4242424242424242", "56.00");
    await page.waitForURL(/\/my-bookings\?success=true$/);
    await expect(page.getByText("Payment Successful! Your session is booked.", { exact: true })).toBeVisible();
    const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
    await expect(upcoming.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(upcoming.getByTestId("payment-line")).toContainText("$56.00 total");
    await expect(upcoming.getByRole("link", { name: "Complete Payment" })).toHaveCount(0);

    // The success page confirms the latest booking and drops the session id from the address after 1 s.
    await page.goto(`/booking-success?session_id=${bookingId}`);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Casey Coach", { exact: true })).toBeVisible();
    await expect(page.getByText("10:30 AM - 11:30 AM", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What's Next?" })).toBeVisible();
    await expect(page.getByText("Payment reference:")).toBeVisible();
    await expect(page.getByRole("link", { name: "View My Bookings" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Another Session" })).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/booking-success" && !url.searchParams.has("session_id"), { timeout: 3000 });
  });

  test("a declined card shows Payment Failed, and the booking stays payable from My Bookings", async () => {
    const page = await playerPage();
    const bookingId = await bookGroupSession(page);
    await expect(page.getByText(/Your spot is held for \d\d:\d\d/)).toBeVisible();

    await payWithCard(page, "4000 0000 0000 0002", "46.00");
    await expectToast(page, "Payment Failed", "Your card was declined.");
    // The form stays usable on the same page.
    await expect(page.getByRole("button", { name: "Pay $46.00" })).toBeVisible();
    expect(page.url()).toContain(`/booking-checkout/${bookingId}`);

    await page.goto("/my-bookings");
    const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
    await expect(upcoming.getByText("Awaiting Payment", { exact: true })).toBeVisible();
    await upcoming.getByRole("link", { name: "Complete Payment" }).click();
    await page.waitForURL(new RegExp(`/booking-checkout/${bookingId}$`));
    await expect(page.getByRole("heading", { name: "Booking Summary" })).toBeVisible();

    await payWithCard(page, "4242 4242 4242 4242", "46.00");
    await page.waitForURL(/\/my-bookings\?success=true$/);
    await expect(page.getByRole("region", { name: "Upcoming Sessions" }).getByText("Confirmed", { exact: true })).toBeVisible();
  });

  test("the coach sees the student's contact and earnings on My Bookings", async () => {
    const { page } = await newPage(browser, t.baseUrl);
    const login = await page.request.post("/api/auth/login", { data: coachLogin });
    expect(login.status()).toBe(200);
    await page.goto("/my-bookings");
    const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
    await expect(upcoming.getByText(firstPlayerEmail, { exact: true })).toBeVisible();
    await expect(upcoming.getByText("Your earnings").first()).toBeVisible();
    // The first booking: the $40.00 group rate plus the $10.00 tip.
    await expect(upcoming.getByText("$50.00", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Find a Coach" })).toBeVisible();
  });

  test("the booking page explains what is missing and when a coach has no rates for the slot kind", async () => {
    const page = await playerPage();
    await page.goto("/book-coach/999999");
    await expect(page.getByRole("heading", { name: "Coach not found." })).toBeVisible();

    const individualOnly = await makeCoach(t, {
      firstName: "Indy",
      lastName: "Vidual",
      rates: [{ sessionType: "individual", duration: 60, rate: "80.00" }],
    });
    const res = await individualOnly.agent
      .post("/api/time-slots")
      .send({ date: tomorrowIn(individualOnly.coach.timeZone), startTime: "14:00", endTime: "15:00", isGroup: true, capacity: 3 });
    expect(res.status).toBe(201);
    await page.goto(`/book-coach/${individualOnly.coach.id}`);
    await expect(page.getByRole("heading", { name: "Book a Session with Indy Vidual" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "book coach");
    // Nothing can be booked before a time is chosen (issue 47), and the page says so.
    await expect(page.getByRole("button", { name: "Book & Pay" })).toBeDisabled();
    await expect(page.getByText("Choose a time to book.", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: /2:00 PM - 3:00 PM/ }).click();
    await expect(
      page.getByText("No group rates available for this session type. Please select a different time slot or contact the coach.", {
        exact: true,
      }),
    ).toBeVisible();
    // The slot's one start time is chosen already, so the button asks for what is still missing.
    await page.getByRole("button", { name: "Book & Pay" }).click();
    await expectToast(page, "Error", "Please select a session duration.");
  });

  test("on a 390 px phone, Book & Pay waits for a time, a one-start slot comes chosen, and the button stays on screen", async () => {
    const page = await playerPage();
    await page.setViewportSize({ width: 390, height: 844 });
    // The default profile: individual 60 min at $85.00 ($97.75 with the 15% fee).
    const coach = await makeCoach(t, { firstName: "Phoebe", lastName: "Phone" });
    const date = tomorrowIn(coach.coach.timeZone);
    for (const [startTime, endTime] of [
      ["09:00", "11:00"],
      ["14:00", "15:00"],
    ]) {
      const made = await coach.agent.post("/api/time-slots").send({ date, startTime, endTime, locationName: "Memorial Field" });
      expect(made.status).toBe(201);
    }
    await page.goto(`/book-coach/${coach.coach.id}`);
    await expect(page.getByRole("heading", { name: "Book a Session with Phoebe Phone" })).toBeVisible();
    const book = page.getByRole("button", { name: "Book & Pay" });
    await expect(book).toBeDisabled();
    await expect(page.getByText("Choose a time to book.", { exact: true })).toBeVisible();
    await expectInReach(page, book);

    // A slot of several start times: still disabled until one is chosen.
    await page.getByRole("button", { name: /9:00 AM - 11:00 AM/ }).click();
    await page.getByRole("button", { name: /60 min Individual Session/ }).click();
    await expect(book).toBeDisabled();
    await expect(page.getByText("Choose a start time to book.", { exact: true })).toBeVisible();
    await page.getByRole("region", { name: "Start Time" }).getByRole("button", { name: "9:30 AM" }).click();
    await expect(book).toBeEnabled();
    await expect(page.getByTestId("booking-bar")).toContainText(/9:30 AM( E[SD]T)? · Total \$97\.75/);

    // A slot with one start time: it is chosen already.
    await page.getByRole("button", { name: /2:00 PM - 3:00 PM/ }).click();
    await page.getByRole("button", { name: /60 min Individual Session/ }).click();
    const starts = page.getByRole("region", { name: "Start Time" }).getByRole("button");
    await expect(starts).toHaveCount(1);
    await expect(starts).toHaveAttribute("aria-pressed", "true");
    await expect(book).toBeEnabled();

    // Wherever the page is scrolled, the summary's button is on the screen and nothing covers it.
    for (const to of ["top", "middle", "bottom"] as const) {
      await page.evaluate((where) => {
        const end = document.documentElement.scrollHeight - window.innerHeight;
        window.scrollTo(0, where === "top" ? 0 : where === "middle" ? end / 2 : end);
      }, to);
      await expectInReach(page, book);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, "book coach at 390 px");
    expect(await labelInNameViolations(page)).toEqual([]);
    await book.click();
    await page.waitForURL(/\/booking-checkout\/\d+$/);
  });

  /** The button is inside the screen as it is now (no scrolling) and is what a tap at its centre reaches. */
  async function expectInReach(page: Page, button: ReturnType<Page["getByRole"]>) {
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    const { height } = page.viewportSize()!;
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    const onTop = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      // A disabled button lets taps through (pointer-events: none) to its own bar: that is still the button's place.
      return !!hit && (el.contains(hit) || hit.contains(el));
    });
    expect(onTop).toBe(true);
  }

  test("the checkout without a booking or a slot goes to /find-coaches, and by time slot it books the slot first", async () => {
    const page = await playerPage();
    await page.goto("/booking-checkout");
    await page.waitForURL(/\/find-coaches$/);

    await page.goto(`/booking-checkout?timeSlotId=${slotId}&sessions=1&duration=60&sessionType=group`);
    // The address then names the new booking, so a reload pays for it rather than booking again.
    await page.waitForURL(/\/booking-checkout\/\d+$/);
    await expect(page.getByRole("heading", { name: "Booking Summary" })).toBeVisible();
    await expect(page.getByTestId("summary-total").getByText("$46.00")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay $46.00" })).toBeVisible();
  });

  // Last: it moves the server's clock.
  test("an unpaid booking whose hold expired offers to book the coach again", async () => {
    const page = await playerPage();
    const bookingId = await bookGroupSession(page);
    const advanced = await page.request.post("/api/test/clock", { data: { advanceMinutes: 16 } });
    expect(advanced.status()).toBe(200);
    await page.goto(`/booking-checkout/${bookingId}`);
    await expect(page.getByText("Your reservation expired. Please book the time slot again.", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Back to Coach" }).click();
    await page.waitForURL(new RegExp(`/book-coach/${coachId}$`));
  });
});
