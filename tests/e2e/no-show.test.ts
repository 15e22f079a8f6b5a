import { eq } from "drizzle-orm";
import { expect, test, type Page } from "@playwright/test";
import { NO_SHOW_POLICY } from "@contract/progress-basics";
import { bookings } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { advanceClock } from "@tests/factories/basics";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { newPage, useBrowserFile } from "./support/browser";

/** A toast by its text (CSS, because an open dialog hides the rest of the page from role queries). */
const toastWith = (page: Page, text: string) => page.locator('[aria-label^="Notifications"] li').filter({ hasText: text }).first();

/**
 * DESIGN.md 11: nobody came to a paid session. From 15 minutes after its start, the coach marks it a
 * no-show on the dashboard, by keyboard, with a note (required) that the family receives by e-mail.
 */
test.describe("a coach marks a no-show with a note for the family", () => {
  const { t, browser } = useBrowserFile();

  test("the dialog asks for the note, then marks the session and the family is told with it", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2, studentName: "Riley" });
    // 20 minutes into the session, on the server's clock and on the browser's (the button opens by the latter).
    await advanceClock(t, Math.ceil((paid.slot.startsAt.getTime() - t.deps.clock.now().getTime()) / 60_000) + 20);
    const { context, page } = await newPage(browser, t.baseUrl);
    page.setDefaultTimeout(30_000);
    await page.clock.setFixedTime(t.deps.clock.now());
    const { token } = await startSession(t.deps.database.db, paid.coach.userId, t.deps.clock.now());
    await context.addCookies([{ name: "sid", value: token, url: t.baseUrl }]);

    await page.goto("/coach-dashboard");
    const card = page.getByTestId(`coach-booking-${paid.bookingId}`).first();
    await expect(card.getByText("Riley Player")).toBeVisible();
    await card.getByRole("button", { name: "Mark No-show" }).focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Mark as No-show" });
    await expect(dialog.getByText(NO_SHOW_POLICY)).toBeVisible();
    const note = dialog.getByLabel("Note to the family *");
    // The form loads as the dialog opens, and the focus is on its note.
    await expect(note).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Mark No-show" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Please add a note about the no-show.")).toBeVisible();
    await expect(note).toHaveAttribute("aria-invalid", "true");

    await note.fill("  Waited 30 minutes at the field and called twice.  ");
    await dialog.getByRole("button", { name: "Mark No-show" }).click();
    await expect(toastWith(page, "Marked as a no-show")).toBeVisible();
    await expect(dialog).toBeHidden();

    const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(row).toMatchObject({ status: "no_show", noShowNote: "Waited 30 minutes at the field and called twice." });
    const mails = t.outbox().filter((m) => m.channel === "email" && m.body.includes("Waited 30 minutes at the field and called twice."));
    expect(mails.length).toBeGreaterThan(0);
  });
});
