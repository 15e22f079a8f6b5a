import { expect, test, type Page } from "@playwright/test";
import type { SessionRequest } from "@contract/requests";
import { addDaysToDate } from "@contract/time";
import { makeBrowserCoach, makeBrowserPlayer } from "@tests/factories/browser-people";
import { newPage, useBrowserFile } from "./support/browser";

const NEW_YORK = "America/New_York";
const PASSWORD = "strong-pass-1";

/** Today in the coach's zone (ZIP 10001 puts the coach in New York). */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/** A toast by its text (CSS, because an open dialog hides the rest of the page from role queries). */
const toastWith = (page: Page, text: string) => page.locator('[aria-label^="Notifications"] li').filter({ hasText: text }).first();

/** Issue 8: a player asks a coach without slots for a session; the coach answers; the player pays or reads the answer. */
test.describe("session requests: request, accept, pay, decline", () => {
  const { t, browser } = useBrowserFile();
  let player: Page;
  let coachPage: Page;
  let coachId: number;
  const tomorrow = () => addDaysToDate(todayIn(NEW_YORK), 1);

  test.beforeAll(async () => {
    ({ page: coachPage } = await newPage(browser, t.baseUrl));
    ({ page: player } = await newPage(browser, t.baseUrl));
    // Five suites share two cores here: a cold page (lazy route chunks) can take longer than the default 10 s.
    coachPage.setDefaultTimeout(30_000);
    player.setDefaultTimeout(30_000);

    ({ id: coachId } = await makeBrowserCoach(
      coachPage,
      { email: "riley.coach@example.com", password: PASSWORD, firstName: "Riley", lastName: "Stone" },
      {
        title: "Former D1 Attackman",
        bio: "Fifteen years of coaching attackmen and midfielders in New York.",
        zipcode: "10001",
        specializations: ["Attack"],
        experience: "15 years",
        allowSessionRequests: true,
        rates: [
          { sessionType: "individual", duration: 60, rate: "85.00" },
          { sessionType: "individual", duration: 30, rate: "50.00" },
        ],
      },
    ));

    // A player without a phone number and a position would only see the setup wizard.
    await makeBrowserPlayer(player, {
      email: "jordan.player@example.com",
      password: PASSWORD,
      firstName: "Jordan",
      lastName: "Lee",
      position: "Attack",
    });
  });

  async function playerRequests(): Promise<SessionRequest[]> {
    const res = await player.request.get("/api/session-requests/student");
    expect(res.ok()).toBe(true);
    return (await res.json()) as SessionRequest[];
  }

  test("a player requests a session from a coach with no slots", async () => {
    await player.goto(`/coach/${coachId}`);
    await player.getByRole("button", { name: "Request Session" }).click();
    const dialog = player.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Request a Session" })).toBeVisible();

    // Defaults: individual, 60 minutes, tomorrow at 09:00; the price is the rate plus the 15% fee.
    await expect(dialog.getByLabel("Date")).toHaveValue(tomorrow());
    await expect(dialog.getByLabel("Start time")).toHaveValue("09:00");
    await expect(dialog.getByLabel("Duration")).toHaveValue("60");
    await expect(dialog.getByTestId("request-total")).toHaveText("$97.75");

    // Less than 4 hours ahead is refused before anything is sent.
    await dialog.getByLabel("Date").fill(todayIn(NEW_YORK));
    await dialog.getByLabel("Start time").selectOption("00:00");
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(toastWith(player, "Session requests must be made at least 4 hours before the desired session time")).toBeVisible();
    expect(await playerRequests()).toHaveLength(0);

    await dialog.getByLabel("Date").fill(tomorrow());
    await dialog.getByLabel("Start time").selectOption("09:00");
    await dialog.getByLabel("Message (optional)").fill("I want to work on shooting off the dodge.");
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(toastWith(player, "Session Request Sent")).toBeVisible();
    await expect(dialog).toBeHidden();

    const [made] = await playerRequests();
    expect(made).toMatchObject({
      status: "pending",
      requestedDate: tomorrow(),
      requestedStartTime: "09:00",
      requestedEndTime: "10:00",
      totalAmount: "97.75",
      message: "I want to work on shooting off the dodge.",
    });

    await player.goto("/my-session-requests");
    const card = player.getByTestId(`session-request-${made!.id}`);
    await expect(card.getByText("Pending Response", { exact: true })).toBeVisible();
  });

  test("the coach accepts it on the dashboard", async () => {
    const [made] = await playerRequests();
    await coachPage.goto("/coach-dashboard");
    const card = coachPage.getByTestId(`session-request-${made!.id}`);
    await expect(card.getByText("Jordan Lee", { exact: true })).toBeVisible();
    await expect(card.getByText("I want to work on shooting off the dodge.")).toBeVisible();
    // Issue 29: the card's headline is what the coach earns; the family's price stays beside it.
    await expect(card.getByText("You earn $85.00", { exact: true })).toBeVisible();
    await expect(card.getByText("The player pays $97.75, the platform fee included.", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Accept" }).click();
    await expect(toastWith(coachPage, "Session Request Accepted")).toBeVisible();
    await expect(card).toHaveCount(0);

    const [accepted] = await playerRequests();
    expect(accepted).toMatchObject({ status: "accepted", booking: { status: "pending" } });
  });

  test("the player pays for it from My Bookings", async () => {
    const [accepted] = await playerRequests();
    const bookingId = accepted!.booking!.id;
    await player.goto("/my-bookings");
    const booking = player.getByTestId(`booking-${bookingId}`);
    await expect(booking.getByText("Awaiting Payment", { exact: true })).toBeVisible();
    await booking.getByRole("link", { name: "Complete Payment" }).click();
    await player.waitForURL(`**/booking-checkout/${bookingId}`);

    await player.getByLabel("Card number").fill("4242 4242 4242 4242");
    await player.getByLabel("Expiration date").fill("12 / 34");
    await player.getByLabel("Security code").fill("123");
    await player.getByLabel("ZIP code").fill("10001");
    await player.getByRole("button", { name: "Pay $97.75" }).click();
    await player.waitForURL("**/my-bookings?success=true");
    await expect(player.getByText("Payment Successful!").first()).toBeVisible();
    await expect(player.getByTestId(`booking-${bookingId}`).getByText("Confirmed", { exact: true })).toBeVisible();

    await player.goto("/my-session-requests");
    const card = player.getByTestId(`session-request-${accepted!.id}`);
    await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "Complete Payment" })).toHaveCount(0);
  });

  test("another request is declined with a message the player reads on My Session Requests", async () => {
    const second = await player.request.post("/api/session-requests", {
      data: {
        coachId,
        requestedDate: addDaysToDate(tomorrow(), 1),
        requestedStartTime: "11:00",
        sessionType: "individual",
        duration: 30,
        message: "Can we do faceoffs?",
      },
    });
    expect(second.status()).toBe(201);
    const requestId = ((await second.json()) as SessionRequest).id;

    await coachPage.goto("/coach-dashboard");
    const card = coachPage.getByTestId(`session-request-${requestId}`);
    await expect(card.getByText("Can we do faceoffs?")).toBeVisible();
    await card.getByRole("button", { name: "Decline" }).click();
    const dialog = coachPage.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Decline Request" })).toBeVisible();
    await dialog.getByLabel("Message to the player (optional)").fill("I don't coach faceoffs. Try a specialist!");
    await dialog.getByRole("button", { name: "Decline Request" }).click();
    await expect(toastWith(coachPage, "Session Request Declined")).toBeVisible();
    await expect(card).toHaveCount(0);

    await player.goto("/my-session-requests");
    const declined = player.getByTestId(`session-request-${requestId}`);
    await expect(declined.getByText("Declined", { exact: true })).toBeVisible();
    await expect(declined.getByText("I don't coach faceoffs. Try a specialist!")).toBeVisible();
  });

  test("a player cancels a pending request after confirming", async () => {
    const third = await player.request.post("/api/session-requests", {
      data: { coachId, requestedDate: addDaysToDate(tomorrow(), 2), requestedStartTime: "15:30", sessionType: "individual", duration: 60 },
    });
    expect(third.status()).toBe(201);
    const requestId = ((await third.json()) as SessionRequest).id;

    await player.goto("/my-session-requests");
    const card = player.getByTestId(`session-request-${requestId}`);
    await expect(card.getByText("Pending Response", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Cancel Request" }).click();
    await player.getByRole("alertdialog").getByRole("button", { name: "Cancel Request" }).click();
    await expect(toastWith(player, "Session Request Cancelled")).toBeVisible();
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    expect((await playerRequests()).find((r) => r.id === requestId)?.status).toBe("cancelled");
  });
});
