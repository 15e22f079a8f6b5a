import { eq } from "drizzle-orm";
import request from "supertest";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { createBookableCoach, createPerson, createSlot, type BookableCoach, type Person } from "@tests/factories/bookings";
import { createPaidBooking, type PaidBooking } from "@tests/factories/paid-booking";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";

/**
 * Issue 16: a player joins the waitlist of a full group session from the booking page; another
 * player cancels their booking from My Bookings (confirmation dialog, full refund 24 hours ahead);
 * the first player on the waitlist finds the freed seat held for them on My Bookings.
 */
test.describe("player cancellation and waitlists", () => {
  setUpBrowserFile();
  let t: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let coach: BookableCoach;
  let leaving: PaidBooking;
  let waiting: Person;
  let slotId: number;

  async function signInAs(person: Person) {
    await context.clearCookies();
    const { token } = await startSession(t.deps.database.db, person.userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);
  }

  test.beforeAll(async ({ browser: workerBrowser }) => {
    t = await startE2eServer();
    coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72, isGroup: true, capacity: 2 });
    slotId = slot.id;
    leaving = await createPaidBooking(t, { coach, slot, isGroup: true, studentName: "Morgan" });
    await createPaidBooking(t, { coach, slot, isGroup: true });
    waiting = await createPerson(t, "player", { firstName: "Riley" });
    for (const id of [leaving.student.userId, waiting.userId]) {
      // Players with a phone and a primary position, so the setup wizard stays away.
      await t.deps.database.db.update(users).set({ position: "Midfield" }).where(eq(users.id, id));
    }
    browser = workerBrowser;
    ({ context, page } = await newPage(browser, t.baseUrl));
    await page.setViewportSize({ width: 1280, height: 1600 });
    page.setDefaultTimeout(30_000);
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("a player joins the waitlist of a full group session", async () => {
    await signInAs(waiting);
    await page.goto(`/book-coach/${coach.coachId}`);
    const full = page.getByRole("list", { name: "Full group sessions" });
    await full.getByRole("button", { name: "Join waitlist" }).click();
    await expect(page.getByText("Joined the waitlist").first()).toBeVisible();
    await expect(full.getByText("On the waitlist (#1)")).toBeVisible();
    await page.goto("/my-bookings");
    await expect(page.getByRole("heading", { name: "Waitlist" })).toBeVisible();
    await expect(page.getByText("You are #1 on the waitlist.")).toBeVisible();
  });

  test("another player cancels their booking with a confirmation dialog and is refunded", async () => {
    await signInAs(leaving.student);
    await page.goto("/my-bookings");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this booking?" });
    await expect(dialog.getByText(/full refund of \$/)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByText("Booking cancelled").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
    const booking = (await request(t.app).get(`/api/bookings/${leaving.bookingId}`).set("Cookie", leaving.student.cookie)).body;
    expect(booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });

  test("the first player on the waitlist gets the seat held and can pay for it", async () => {
    // The sweeps run (as every 30 s in production): the freed seat is offered.
    expect((await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 })).status).toBe(200);
    await signInAs(waiting);
    await page.goto("/my-bookings");
    await expect(page.getByText(/A seat is held for you until/)).toBeVisible();
    await page.getByRole("link", { name: "Complete Payment" }).first().click();
    await page.waitForURL(/\/booking-checkout\/\d+/);
    const [entry] = (await request(t.app).get("/api/waitlist/mine").set("Cookie", waiting.cookie)).body;
    expect(entry).toMatchObject({ timeSlotId: slotId, status: "offered" });
  });
});
