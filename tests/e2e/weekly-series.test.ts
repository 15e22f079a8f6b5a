import { expect, test } from "@playwright/test";
import { addDaysToDate } from "@contract/time";
import { instantToLocal } from "@server/features/slots/slot-time";
import { uniqueEmail } from "@tests/factories/basics";
import { makeBrowserCoach } from "@tests/factories/browser-people";
import { DEFAULT_COACH_PROFILE } from "@tests/factories/coaches";
import { newPage, useBrowserFile } from "./support/browser";

const COACH_ZONE = "America/New_York";

/** The first Tuesday at least two days after today in the coach's zone. */
function nextTuesday(): string {
  const today = instantToLocal(new Date(), COACH_ZONE).date;
  for (let days = 2; ; days++) {
    const date = addDaysToDate(today, days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 2) return date;
  }
}

/**
 * Issue 42 (DESIGN.md 12): a coach makes a weekly series from Manage Slots with the dashboard's
 * dialog ("Repeat weekly"), and families see it as "Weekly on Tuesdays, 6 PM" on the coach's
 * profile.
 */
test.describe("weekly sessions", () => {
  const { t, browser } = useBrowserFile();

  test("Manage Slots repeats a slot weekly; the profile says when", async () => {
    const { context, page } = await newPage(browser, t.baseUrl);
    const coach = await makeBrowserCoach(
      page,
      { email: uniqueEmail("weekly-coach"), password: "strong-pass-1", firstName: "Wes", lastName: "Weekly" },
      DEFAULT_COACH_PROFILE,
    );
    await page.goto("/manage-slots");
    await page.getByRole("button", { name: "Repeat weekly" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Time Slot" });
    await dialog.getByLabel("Date").fill(nextTuesday());
    await dialog.getByLabel("Start time").selectOption("18:00");
    await dialog.getByLabel("End time").selectOption("19:00");
    await dialog.getByLabel(/Repeat weekly for N weeks/).fill("4");
    await dialog.getByLabel("Location name").fill("Memorial Field");
    await dialog.getByRole("button", { name: "Add Time Slot" }).click();
    await expect(page.getByText("4 weekly time slots added.").first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await context.close();

    const visitor = await newPage(browser, t.baseUrl);
    await visitor.page.goto(`/coach/${coach.id}`);
    await expect(visitor.page.getByRole("list", { name: "Weekly sessions" })).toHaveText(/^Weekly on Tuesdays, 6 PM( EST)?$/);

    await visitor.context.close();
  });
});
