import { expect, test, type Page } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { instantToLocal } from "@server/features/slots/slot-time";
import { makeCoach } from "@tests/factories/coaches";
import { makeAdmin } from "@tests/factories/users";
import { uniqueEmail } from "@tests/factories/basics";
import { labelInNameViolations, newPage, seriousA11yViolations, useBrowserFile } from "./support/browser";

type Role = "visitor" | "player" | "coach" | "admin";
const WIDTHS = [1280, 360] as const;

/**
 * Issue 15: axe-core on every page as every role that can open it, on a desktop and a 360 px
 * phone. A serious or critical finding fails the test with the rule and the elements it names.
 */
test.describe("accessibility: every page, every role, desktop and phone", () => {
  const { t, browser } = useBrowserFile();
  let coachId: number;
  let slotId: number;
  const logins: Partial<Record<Role, { email: string; password: string }>> = {};

  test.beforeAll(async () => {
    const coach = await makeCoach(t, { firstName: "Casey", lastName: "Coach" });
    coachId = coach.coach.id;
    logins.coach = { email: coach.email, password: coach.password };
    const tomorrow = addDaysToDate(instantToLocal(new Date(), coach.coach.timeZone).date, 1);
    const slot = await coach.agent
      .post("/api/time-slots")
      .send({ date: tomorrow, startTime: "10:00", endTime: "12:00", locationName: "Memorial Field", locationAddress: "100 Main St" });
    expect(slot.status).toBe(201);
    slotId = slot.body.id;
    await coach.agent.post("/api/time-slots").send({ date: addDaysToDate(tomorrow, 1), startTime: "09:00", endTime: "10:00" });

    const player = { email: uniqueEmail("tour-player"), password: "secret123" };
    const admin = { email: uniqueEmail("tour-admin"), password: "secret123" };
    for (const who of [player, admin]) {
      const res = await t
        .agent()
        .post("/api/auth/register")
        .send({ ...who, firstName: "Pat", lastName: "Player" });
      expect(res.status).toBe(201);
    }
    await makeAdmin(t, admin.email);
    logins.player = player;
    logins.admin = admin;
  });

  async function pageAs(role: Role, width: number): Promise<Page> {
    const { page } = await newPage(browser, t.baseUrl, { width });
    // What the Content-Security-Policy refused on each page (even a refusal the page's code caught).
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const seen = ((window as unknown as { cspViolations?: string[] }).cspViolations ??= []);
        seen.push(`${event.violatedDirective} refused ${event.blockedURI} in ${event.sourceFile}`);
      });
    });
    const login = logins[role as Exclude<Role, "visitor">];
    if (login) {
      const res = await page.request.post("/api/auth/login", { data: login });
      expect(res.status(), `${role} login`).toBe(200);
    }
    return page;
  }

  /** The player's setup and a booking awaiting payment, so that checkout and My Bookings have something to show. */
  let bookingId: number | null = null;
  async function playerBooking(page: Page): Promise<number> {
    if (bookingId !== null) return bookingId;
    const profile = await page.request.patch("/api/users/profile", { data: { phoneNumber: "410-555-0100", position: "Midfield" } });
    expect(profile.status()).toBe(200);
    const coachProfile = (await (await page.request.get(`/api/coaches/${coachId}/profile`)).json()) as {
      rates: { id: number; sessionType: string; duration: number }[];
    };
    const rate = coachProfile.rates.find((r) => r.sessionType === "individual" && r.duration === 60)!;
    const made = await page.request.post("/api/bookings", {
      data: { timeSlotId: slotId, rateId: rate.id, sessionType: "individual", duration: 60, preferredStartTime: "10:00" },
    });
    expect(made.status()).toBe(201);
    bookingId = ((await made.json()) as { id: number }).id;
    return bookingId;
  }

  /** Each role's pages; a function gets a path that needs data first. */
  const tours: Record<Role, (string | ((page: Page) => Promise<string>))[]> = {
    visitor: ["/landing", "/login", "/login?intent=coach", "/forgot-password", "/reset-password", "/privacy-policy", "/terms-of-service"],
    player: [
      async (page) => `/booking-checkout/${await playerBooking(page)}`,
      "/home",
      "/find-coaches",
      "/match-coaches",
      () => Promise.resolve(`/coach/${coachId}`),
      () => Promise.resolve(`/book-coach/${coachId}`),
      "/my-bookings",
      "/my-session-requests",
      "/player-profile",
      "/no-such-page",
    ],
    coach: ["/coach-dashboard", "/manage-slots", "/coach-setup", "/coach/stripe-connect", "/match-coaches", "/home"],
    admin: ["/admin", "/home", "/find-coaches", "/match-coaches"],
  };

  for (const role of Object.keys(tours) as Role[]) {
    for (const width of WIDTHS) {
      test(`${role}, ${width} px: no serious or critical findings, nothing the security policy refuses`, async () => {
        // Several pages, each scanned by axe.
        test.setTimeout(120_000);
        const page = await pageAs(role, width);
        const findings: string[] = [];
        for (const stop of tours[role]) {
          const path = typeof stop === "string" ? stop : await stop(page);
          await page.goto(path);
          // The page has drawn (its main heading) and its data has arrived (no spinner left).
          await expect(page.locator("h1").first()).toBeVisible();
          await page.waitForLoadState("networkidle");
          for (const finding of await seriousA11yViolations(page)) findings.push(`${path}: ${finding}`);
          // Issue 47: every button's and link's accessible name starts with its visible words.
          for (const finding of await labelInNameViolations(page)) findings.push(`${path}: label in name: ${finding}`);
          const refused = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
          for (const violation of refused) findings.push(`${path}: Content-Security-Policy: ${violation}`);
        }
        expect(findings).toEqual([]);
      });
    }
  }
});
