import { expect, test, type Browser } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Booking } from "@contract/bookings";
import { addDaysToDate } from "@contract/time";
import { users } from "@server/db/schema/index";
import { makeBrowserPlayer } from "@tests/factories/browser-people";
import { makeCoach } from "@tests/factories/coaches";
import { verificationTokenFor } from "@tests/factories/users";
import { startE2eServer, type E2eServer } from "./support/app-server";
import { newPage, setUpBrowserFile } from "./support/browser";

const PASSWORD = "strong-pass-1";
const OWNER = "dana.whitaker@example.com";
const SECOND = "jordan.whitaker@example.com";

function tomorrowIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return addDaysToDate(today, 1);
}

/**
 * Issue 41 (DESIGN.md 12): a parent invites a second guardian, who registers from the mailed link,
 * accepts and lands on the family page (never the player setup wizard); both see the family's
 * bookings; the owner removes them and both are mailed. At a phone's width.
 */
test.describe("guardians: invite, join, remove", () => {
  setUpBrowserFile();
  test.use({ viewport: { width: 390, height: 844 } });
  let t: E2eServer;
  let browser: Browser;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    test.setTimeout(240_000);
    t = await startE2eServer();
    browser = workerBrowser;
  });

  test.afterAll(async () => {
    await t?.close();
  });

  test("a second guardian joins from the invitation, sees the same bookings, and is removed by the owner", async () => {
    test.setTimeout(180_000);
    const { page: owner } = await newPage(browser, t.baseUrl);
    owner.setDefaultTimeout(30_000);
    await makeBrowserPlayer(owner, { email: OWNER, password: PASSWORD, firstName: "Dana", lastName: "Whitaker", position: "Attack" });
    await t.deps.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, OWNER));

    // The family holds a session with a coach.
    const coach = await makeCoach(t, { firstName: "Morgan", lastName: "Reyes" });
    const slot = await coach.agent
      .post("/api/time-slots")
      .send({ date: tomorrowIn(coach.coach.timeZone), startTime: "10:00", endTime: "11:00", isGroup: false });
    expect(slot.status).toBe(201);
    const rate = coach.coach.rates.find((r) => r.sessionType === "individual" && r.duration === 60)!;
    const booked = await owner.request.post("/api/bookings", {
      data: { timeSlotId: (slot.body as { id: number }).id, rateId: rate.id, sessionType: "individual", duration: 60 },
    });
    expect(booked.status()).toBe(201);
    const bookingId = ((await booked.json()) as { id: number }).id;

    await owner.goto("/family");
    await expect(owner.getByText("You own this family")).toBeVisible();
    await owner.getByLabel("Invite a guardian by e-mail").fill(SECOND);
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await expect(owner.getByText("Invitations waiting for an answer")).toBeVisible();
    const invitation = t.outbox().find((m) => m.channel === "email" && m.recipient === SECOND);
    expect(invitation?.headers.Subject).toBe("You're invited to join a family on LaxCoach");
    const link = /\/family\/invitations\/[A-Za-z0-9_-]+/.exec(invitation?.body ?? "")?.[0];
    expect(link).toBeTruthy();

    // The invitee registers (no player profile of their own), follows the verification link, then the invitation.
    const { page: second } = await newPage(browser, t.baseUrl);
    second.setDefaultTimeout(30_000);
    await makeBrowserPlayer(second, { email: SECOND, password: PASSWORD, firstName: "Jordan", lastName: "Whitaker", position: null });
    await second.goto(`/verify-email?token=${encodeURIComponent(verificationTokenFor(t, SECOND))}`);
    await expect(second.getByRole("heading", { name: "E-mail Verified" })).toBeVisible();
    await second.goto(link!);
    await expect(second.getByText(/Dana Whitaker invited you to join their family/)).toBeVisible();
    await second.getByRole("button", { name: "Accept invitation" }).click();
    await second.waitForURL((url) => url.pathname === "/family");
    await expect(second.getByRole("heading", { name: "My Family" })).toBeVisible();
    await expect(second.getByText("Dana Whitaker owns this family")).toBeVisible();
    await expect(second.getByRole("button", { name: "Leave family" })).toBeVisible();
    await expect(second.getByLabel("Invite a guardian by e-mail")).toHaveCount(0);
    // Not the setup wizard, now or on the next visit.
    await second.goto("/my-bookings");
    await expect(second).toHaveURL(/\/my-bookings$/);

    // Both see the family's booking.
    for (const page of [owner, second]) {
      await page.goto("/my-bookings");
      await expect(page.getByTestId(`booking-${bookingId}`)).toBeVisible();
      const list = (await (await page.request.get("/api/bookings/student")).json()) as Booking[];
      expect(list.map((b) => b.id)).toContain(bookingId);
    }

    // The owner removes the second guardian (after a confirmation); both are mailed.
    await owner.goto("/family");
    await owner.getByRole("button", { name: "Remove Jordan Whitaker" }).click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(owner.getByText(SECOND)).toBeHidden();
    const changed = t
      .outbox()
      .filter((m) => m.channel === "email" && m.headers.Subject === "Your family's guardians changed" && /removed/.test(m.body));
    expect(changed.map((m) => m.recipient).sort()).toEqual([OWNER, SECOND].sort());
    expect(((await (await second.request.get("/api/bookings/student")).json()) as Booking[]).map((b) => b.id)).not.toContain(bookingId);
    await second.close();
    await owner.close();
  });
});
