import { expect, type Page } from "@playwright/test";
import type { CoachProfileRequest, CoachResponse } from "@contract/coaches";
import { uniqueEmail } from "@tests/factories/basics";

export type BrowserPlayerOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** The position setup asks for; `null` leaves setup undone (no phone, no position). */
  position?: string | null;
};

/**
 * Registers a player from this browser page, so its cookie jar holds the session, and completes
 * setup (phone and position) so the setup wizard stays away. The makePlayer of browser tests.
 */
export async function makeBrowserPlayer(page: Page, options: BrowserPlayerOptions = {}): Promise<{ email: string; password: string }> {
  const email = options.email ?? uniqueEmail("player");
  const password = options.password ?? "secret123";
  const registered = await page.request.post("/api/auth/register", {
    data: { email, password, firstName: options.firstName ?? "Pat", lastName: options.lastName ?? "Player" },
  });
  expect(registered.status(), `registering ${email}`).toBe(201);
  if (options.position !== null) {
    const setup = await page.request.patch("/api/users/profile", {
      data: { phoneNumber: "410-555-0100", position: options.position ?? "Midfield" },
    });
    expect(setup.status(), `setting up ${email}`).toBe(200);
  }
  return { email, password };
}

/**
 * Registers a coach from this browser page and creates their profile with exactly `profile` (no
 * defaults: each journey's coach is its own), so the page is signed in as that coach.
 */
export async function makeBrowserCoach(
  page: Page,
  account: { email: string; password: string; firstName: string; lastName: string },
  profile: CoachProfileRequest,
): Promise<CoachResponse> {
  const registered = await page.request.post("/api/auth/register", { data: { ...account, userType: "coach" } });
  expect(registered.status(), `registering ${account.email}`).toBe(201);
  const created = await page.request.post("/api/coaches", { data: profile });
  expect(created.status(), `creating ${account.email}'s profile`).toBe(201);
  return (await created.json()) as CoachResponse;
}
