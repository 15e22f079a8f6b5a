import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, test, type Locator, type Page, type WebSocket } from "@playwright/test";
import type { CoachResponse } from "@contract/coaches";
import type { TimeSlot } from "@contract/slots";
import { addDaysToDate } from "@contract/time";
import { newPage, useBrowserFile } from "./support/browser";

const COACH = { email: "casey.coach@example.com", password: "strong-pass-1", firstName: "Casey", lastName: "Morgan" };
const NEW_YORK = "America/New_York";

/** Today in the coach's zone (ZIP 10001 puts the coach in New York). */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A toast by its text (CSS, because an open dialog hides the rest of the page from role queries). */
const toastWith = (page: Page, text: string) => page.locator('[aria-label^="Notifications"] li').filter({ hasText: text }).first();

/** Issue 4: a coach's profile, slots, calendar and live updates, in a real browser. */
test.describe("coach journey: profile, time slots, calendar and live updates", () => {
  const { t, browser } = useBrowserFile();
  let page: Page;
  /** The tab's open WebSockets: one live socket carries the calendar and the messages badge alike. */
  const openSockets = new Set<WebSocket>();
  let userId: number;
  let coachId: number;
  // Tomorrow, or the day after when tomorrow is a Saturday, so the next day is in the same calendar week.
  let slotDate: string;

  test.beforeAll(async () => {
    ({ page } = await newPage(browser, t.baseUrl));
    // A new document (a navigation) starts with no socket: the previous page's are gone with it.
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) openSockets.clear();
    });
    page.on("websocket", (socket) => {
      openSockets.add(socket);
      socket.on("close", () => openSockets.delete(socket));
    });
    await page.setViewportSize({ width: 1280, height: 1400 });
    const tomorrow = addDaysToDate(todayIn(NEW_YORK), 1);
    slotDate = weekday(tomorrow) === 6 ? addDaysToDate(tomorrow, 1) : tomorrow;
  });

  /** Opens the calendar on the week holding `date` (the week after this one when today is late in the week). */
  async function showCalendarWeekOf(date: string) {
    await page.getByRole("tab", { name: "Calendar view" }).click();
    const calendar = page.getByTestId("weekly-calendar");
    await expect(calendar.locator("[data-date]")).toHaveCount(7);
    if ((await calendar.locator(`[data-date="${date}"]`).count()) === 0) await page.getByRole("button", { name: "Next week" }).click();
    await expect(calendar.locator(`[data-date="${date}"]`)).toHaveCount(1);
    return calendar;
  }

  async function coachSlots(): Promise<TimeSlot[]> {
    const res = await page.request.get(`/api/time-slots/${coachId}?includeBookingCounts=true`);
    expect(res.ok()).toBe(true);
    return (await res.json()) as TimeSlot[];
  }

  test("a new coach fills in the profile (ZIP shows the city), uploads a photo, saves and lands on the dashboard", async () => {
    const registered = await page.request.post("/api/auth/register", { data: { ...COACH, userType: "coach" } });
    expect(registered.status()).toBe(201);
    userId = ((await registered.json()) as { user: { id: number } }).user.id;

    await page.goto("/coach-setup");
    await expect(page.getByRole("heading", { name: "Coach Profile Setup" })).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Casey");

    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(toastWith(page, "Missing Contact Information")).toBeVisible();
    await expect(toastWith(page, "Please fill in all required contact fields")).toBeVisible();

    await page.getByLabel("Phone number").fill("(212) 555-0147");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(toastWith(page, "Missing Profile Information")).toBeVisible();

    await page.getByLabel("Title").fill("Former D1 Midfielder");
    await page.getByLabel("Bio").fill("Ten years of coaching youth and high-school players in Manhattan.");
    await page.getByLabel("Zipcode").fill("10001");
    await expect(page.getByLabel("Location")).toHaveValue("New York, NY");
    // An unknown ZIP clears the location.
    await page.getByLabel("Zipcode").fill("00001");
    await expect(page.getByLabel("Location")).toHaveValue("");
    await page.getByLabel("Zipcode").fill("10001");
    await expect(page.getByLabel("Location")).toHaveValue("New York, NY");

    await page.getByRole("button", { name: "Midfield" }).click();
    await page.getByRole("button", { name: "Attack" }).click();
    await expect(page.getByRole("button", { name: "Midfield" })).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("Other specialties").fill("Dodging, Stick skills");
    await page.getByLabel("Individual 60 min ($)").fill("85");
    await page.getByLabel("Group 60 min ($)").fill("40");
    await expect(page.getByText("$50-100 per hour")).toBeVisible();
    await expect(page.getByText("$25-50 per person")).toBeVisible();

    const photoInput = page.locator("input[type=file]");
    await photoInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect(toastWith(page, "Invalid File Type")).toBeVisible();
    await photoInput.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(toastWith(page, "File Too Large")).toBeVisible();

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 70 } } })
      .png()
      .toBuffer();
    await photoInput.setInputFiles({ name: "coach.png", mimeType: "image/png", buffer: png });
    await expect(toastWith(page, "Image Uploaded")).toBeVisible();
    await expect(page.getByTestId("photo-preview")).toHaveAttribute("src", /^\/uploads\//);

    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.waitForURL((url) => url.pathname === "/coach-dashboard");
    await expect(page.getByRole("heading", { name: "Coach Dashboard" })).toBeVisible();

    const profile = (await (await page.request.get(`/api/coaches/user/${userId}`)).json()) as CoachResponse;
    coachId = profile.id;
    expect(profile).toMatchObject({ title: "Former D1 Midfielder", zipcode: "10001", location: "New York, NY", timeZone: NEW_YORK });
    expect(profile.specializations).toEqual(["Midfield", "Attack", "Dodging", "Stick skills"]);
    expect(profile.profileImageUrl).toMatch(/^\/uploads\//);
    expect(profile.rates.map((r) => [r.sessionType, r.duration, r.rate]).sort()).toEqual([
      ["group", 60, "40.00"],
      ["individual", 60, "85.00"],
    ]);
    expect(profile.user.phoneNumber).toBe("+12125550147");

    await page.goto("/coach-setup");
    await expect(page.getByRole("heading", { name: "Update Coach Profile" })).toBeVisible();
    await expect(page.getByLabel("Individual 60 min ($)")).toHaveValue("85.00");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Promotional Graphic" }).click(),
    ]);
    const graphic = await sharp(await download.path()).metadata();
    expect([graphic.format, graphic.width, graphic.height]).toEqual(["png", 1080, 1080]);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("adds an individual and a group slot, with the rule messages for bad input", async () => {
    await page.goto("/coach-dashboard");
    await expect(page.getByRole("heading", { name: "Coach Dashboard" })).toBeVisible();
    await expect(page.getByTestId("stat-this-week").getByText("0", { exact: true })).toBeVisible();
    await expect(page.getByText("Not Started")).toBeVisible();

    await page.getByRole("button", { name: "Add Time Slot" }).first().click();
    let dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Start time")).toHaveValue("09:00");
    await expect(dialog.getByLabel("End time")).toHaveValue("10:00");
    await dialog.getByLabel("Date").fill(slotDate);
    await dialog.getByLabel("Start time").selectOption("10:00");
    await dialog.getByLabel("End time").selectOption("09:00");
    await dialog.getByRole("button", { name: "Add Time Slot" }).click();
    await expect(dialog.getByText("End time must be after start time")).toBeVisible();
    await dialog.getByLabel("End time").selectOption("11:00");
    await dialog.getByLabel("Location name").fill("Chelsea Park");
    await dialog.getByRole("button", { name: "Add Time Slot" }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: "Add Time Slot" }).first().click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Date").fill(slotDate);
    await dialog.getByLabel("Start time").selectOption("14:00");
    await dialog.getByLabel("End time").selectOption("15:30");
    await dialog.getByLabel("Group session").click();
    const capacity = dialog.getByLabel("Capacity (2-10 players)");
    await capacity.fill("1");
    await capacity.press("Enter");
    await expect(dialog.getByText("Group sessions must have capacity for at least 2 students")).toBeVisible();
    await capacity.press("Tab");
    await expect(capacity).toHaveValue("2");
    await capacity.fill("25x");
    await expect(capacity).toHaveValue("25");
    await capacity.press("Tab");
    await expect(capacity).toHaveValue("10");
    await capacity.fill("6");
    await dialog.getByRole("button", { name: "Add Time Slot" }).click();
    await expect(dialog).toHaveCount(0);

    const slots = await coachSlots();
    expect(slots.map((s) => [s.date, s.startTime, s.endTime, s.isGroup, s.capacity, s.locationName])).toEqual([
      [slotDate, "10:00", "11:00", false, 1, "Chelsea Park"],
      [slotDate, "14:00", "15:30", true, 6, null],
    ]);
    const list = page.getByRole("region", { name: "Available Time Slots" });
    await expect(list.getByTestId("slot-card")).toHaveCount(2);
    await expect(list.getByText("Group (0/6 booked)")).toBeVisible();
  });

  test("shows the slots on the weekly calendar and moves one to another day by dragging, and one by keyboard", async () => {
    const calendar = await showCalendarWeekOf(slotDate);
    const column = calendar.locator(`[data-date="${slotDate}"]`);
    await expect(column.getByTestId("calendar-slot")).toHaveCount(2);
    await expect(calendar.locator("[data-date]")).toHaveCount(7);

    const [individual, group] = await coachSlots();
    const nextDay = addDaysToDate(slotDate, 1);
    const block = calendar.locator(`[data-slot-id="${individual!.id}"]`);
    await expect(block).toHaveAttribute("aria-label", /10:00 AM - 11:00 AM/);

    await block.scrollIntoViewIfNeeded();
    const from = (await block.boundingBox())!;
    const target = (await calendar.locator(`[data-date="${nextDay}"]`).boundingBox())!;
    // Grab the middle of the 10:00 block and drop its top edge on 13:00 of the next day.
    const grabX = from.x + from.width / 2;
    const grabY = from.y + 30;
    const dropY = target.y + (13 - 6) * 60 + 30;
    await page.mouse.move(grabX, grabY);
    await page.mouse.down();
    await page.mouse.move(grabX + 20, grabY + 10, { steps: 3 });
    await page.mouse.move(target.x + target.width / 2, dropY, { steps: 10 });
    await expect(calendar.getByTestId("drop-preview").getByText("1:00 PM - 2:00 PM")).toBeVisible();
    await page.mouse.up();
    await expect(toastWith(page, "Time Slot Updated")).toBeVisible();

    await expect
      .poll(async () => (await coachSlots()).find((s) => s.id === individual!.id))
      .toMatchObject({ date: nextDay, startTime: "13:00", endTime: "14:00" });
    await expect(calendar.locator(`[data-date="${nextDay}"] [data-slot-id="${individual!.id}"]`)).toBeVisible();

    // The keyboard way: select the group slot, then move it one hour later with the toolbar.
    await calendar.locator(`[data-slot-id="${group!.id}"]`).click();
    await page.getByRole("toolbar", { name: "Move selected time slot" }).getByRole("button", { name: "One hour later" }).click();
    await expect
      .poll(async () => (await coachSlots()).find((s) => s.id === group!.id))
      .toMatchObject({ date: slotDate, startTime: "15:00", endTime: "16:30" });
    // Arrow keys move the focused slot too.
    await calendar.locator(`[data-slot-id="${group!.id}"]`).focus();
    await page.keyboard.press("ArrowUp");
    await expect
      .poll(async () => (await coachSlots()).find((s) => s.id === group!.id))
      .toMatchObject({ date: slotDate, startTime: "14:00", endTime: "15:30" });
  });

  test("a slot added from a second browser appears live, without a reload", async () => {
    await expect(page.getByText("Live updates on", { exact: true })).toBeVisible();
    // The header's messages badge and the dashboard's calendar share the tab's one socket.
    expect(openSockets.size).toBe(1);
    const { context: other } = await newPage(browser, t.baseUrl);
    const login = await other.request.post("/api/auth/login", { data: { email: COACH.email, password: COACH.password } });
    expect(login.ok()).toBe(true);
    const created = await other.request.post("/api/time-slots", {
      data: { coachId, date: slotDate, startTime: "17:00", endTime: "18:00", isGroup: false, locationName: "Hudson Yards" },
    });
    expect(created.status()).toBe(201);
    const slot = (await created.json()) as TimeSlot;

    const calendar = page.getByTestId("weekly-calendar");
    await expect(calendar.locator(`[data-date="${slotDate}"] [data-slot-id="${slot.id}"]`)).toBeVisible();
    await page.getByRole("tab", { name: "List view" }).click();
    await expect(page.getByRole("region", { name: "Available Time Slots" }).getByText("Hudson Yards")).toBeVisible();

    // A deletion elsewhere disappears live too.
    expect((await other.request.delete(`/api/time-slots/${slot.id}`)).ok()).toBe(true);
    await expect(page.getByRole("region", { name: "Available Time Slots" }).getByText("Hudson Yards")).toHaveCount(0);
    await other.close();
  });

  test("a slot a player holds turns Held (with its expiry) live: it cannot be edited or dragged", async () => {
    const { context: player } = await newPage(browser, t.baseUrl);
    const registered = await player.request.post("/api/auth/register", {
      data: { email: "riley.player@example.com", password: "strong-pass-3", firstName: "Riley", lastName: "Stone" },
    });
    expect(registered.status()).toBe(201);
    const profile = (await (await page.request.get(`/api/coaches/user/${userId}`)).json()) as CoachResponse;
    const rate = profile.rates.find((r) => r.sessionType === "individual" && r.duration === 60)!;
    const individual = (await coachSlots()).find((s) => !s.isGroup)!;
    const booked = await player.request.post("/api/bookings", {
      data: { timeSlotId: individual.id, rateId: rate.id, sessionType: "individual", duration: 60 },
    });
    expect(booked.status()).toBe(201);

    const calendar = await showCalendarWeekOf(individual.date);
    const block = calendar.locator(`[data-slot-id="${individual.id}"]`);
    // Its name starts with what the block shows (the time, then the state), then its day.
    const blockText = (await block.innerText()).replace(/\s+/g, " ").trim();
    expect(blockText).toMatch(/Held until \d{1,2}:\d{2} [AP]M · Individual/);
    await expect(block).toHaveAttribute("aria-label", new RegExp(`^${blockText.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `));
    await expect(block).toHaveAttribute("aria-disabled", "true");

    const from = (await block.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 200, from.y + 140, { steps: 8 });
    await expect(page.getByTestId("drop-preview")).toHaveCount(0);
    await page.mouse.up();
    const moves: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET" && new URL(request.url()).pathname === `/api/time-slots/${individual.id}`) moves.push(request.url());
    });
    await block.focus();
    await page.keyboard.press("ArrowRight");
    // A movable slot sends its move from the keydown itself; after the next frame one would have gone.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(moves).toEqual([]);
    expect((await coachSlots()).find((s) => s.id === individual.id)).toMatchObject({
      date: individual.date,
      startTime: individual.startTime,
      isAvailable: false,
    });

    await page.goto("/manage-slots");
    const card = page.locator(`[data-testid="slot-card"][data-slot-id="${individual.id}"]`);
    // An unpaid checkout holds it: never "Booked" (issue 29).
    await expect(card.getByText(/^Held until \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
    await expect(card.getByText("Booked", { exact: true })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /Edit time slot/ })).toBeDisabled();
    await player.close();
  });

  test("the coach pages have no serious accessibility violations", async () => {
    // Several pages, each scanned by axe.
    test.setTimeout(120_000);
    const check = async (name: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes[0]?.target}`);
      expect(serious, name).toEqual([]);
    };
    await page.goto("/coach-setup");
    await expect(page.getByRole("heading", { name: "Update Coach Profile" })).toBeVisible();
    await check("coach setup");
    await page.goto("/coach-dashboard");
    await expect(page.getByRole("heading", { name: "Available Time Slots" })).toBeVisible();
    await check("dashboard list");
    await page.getByRole("tab", { name: "Calendar view" }).click();
    await expect(page.getByTestId("weekly-calendar")).toBeVisible();
    await check("dashboard calendar");
    await page.getByRole("button", { name: "Add Time Slot" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("slot dialog");
    await page.keyboard.press("Escape");
    await page.goto("/manage-slots");
    await expect(page.getByRole("heading", { name: "Your Time Slots" })).toBeVisible();
    await check("manage slots");
  });

  test("the calendar shows a single day on a narrow screen", async () => {
    await page.setViewportSize({ width: 390, height: 1200 });
    await page.goto("/coach-dashboard");
    await page.getByRole("tab", { name: "Calendar view" }).click();
    const calendar = page.getByTestId("weekly-calendar");
    await expect(calendar).toBeVisible();
    await expect(calendar.locator("[data-date]")).toHaveCount(1);
    const today = todayIn(NEW_YORK);
    await expect(calendar.locator("[data-date]")).toHaveAttribute("data-date", today);
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(calendar.locator("[data-date]")).toHaveAttribute("data-date", addDaysToDate(today, 1));
    await page.setViewportSize({ width: 1280, height: 1400 });
  });

  test("the slot manager lists slots by date, adds several at once, and deletes after confirmation", async () => {
    await page.goto("/manage-slots");
    await expect(page.getByRole("heading", { name: "Manage Time Slots" })).toBeVisible();
    await expect(page.getByText("Live updates on", { exact: true })).toBeVisible();
    const later = addDaysToDate(slotDate, 7);
    const rows = page.getByRole("listitem", { name: /New slot/ });
    await rows.nth(0).getByLabel("Date").fill(later);
    await page.getByRole("button", { name: "Add another slot" }).click();
    await expect(rows).toHaveCount(2);
    await rows.nth(1).getByLabel("Date").fill(later);
    await rows.nth(1).getByLabel("Start time").selectOption("09:30");
    await rows.nth(1).getByLabel("End time").selectOption("10:30");
    await page.getByRole("button", { name: "Save 2 Time Slots" }).click();
    // The two rows overlap: the server refuses both, nothing is created.
    await expect(toastWith(page, "overlaps")).toBeVisible();
    expect((await coachSlots()).filter((s) => s.date === later)).toHaveLength(0);

    await rows.nth(1).getByLabel("Start time").selectOption("11:00");
    await rows.nth(1).getByLabel("End time").selectOption("12:00");
    await page.getByRole("button", { name: "Save 2 Time Slots" }).click();
    await expect(toastWith(page, "2 time slots added")).toBeVisible();
    expect((await coachSlots()).filter((s) => s.date === later).map((s) => s.startTime)).toEqual(["09:00", "11:00"]);

    const card = page.getByTestId("slot-card").filter({ hasText: "11:00 AM - 12:00 PM" });
    await expect(card.getByText("Available")).toBeVisible();
    await card.getByRole("button", { name: /Delete time slot/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Deleted")).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await coachSlots()).filter((s) => s.date === later).map((s) => s.startTime)).toEqual(["09:00"]);
  });

  test("a coach without a profile is sent to /coach-setup from the dashboard and the slot manager", async () => {
    const { context, page: fresh } = await newPage(browser, t.baseUrl);
    const res = await fresh.request.post("/api/auth/register", {
      data: { email: "new.coach@example.com", password: "strong-pass-2", firstName: "Nia", lastName: "Reed", userType: "coach" },
    });
    expect(res.status()).toBe(201);
    for (const path of ["/coach-dashboard", "/manage-slots"]) {
      await fresh.goto(path);
      const link: Locator = fresh.getByRole("link", { name: "Create Coach Profile" });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", "/coach-setup");
    }
    await context.close();
  });
});
