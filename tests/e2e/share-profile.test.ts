import { readFileSync } from "node:fs";
import QRCode from "qrcode";
import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { makeCoach } from "@tests/factories/coaches";
import { newPage, useBrowserFile } from "./support/browser";

/** The test app's APP_URL (tests/support/test-app.ts): the canonical host, whatever address the browser uses. */
const APP_URL = "http://localhost:5000";

/** The pixels of a PNG, to compare two drawings of one QR code whatever encoder wrote the file. */
const pixelsOf = async (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

/**
 * Issue 44: a coach shares their public page from the dashboard: the page's canonical link, copied
 * with one click; the preview a chat app draws from the page's head; a QR code for flyers.
 */
test.describe("a coach shares their profile from the dashboard", () => {
  const { t, browser } = useBrowserFile();
  let coach: { id: number; email: string; password: string };

  test.beforeAll(async () => {
    const made = await makeCoach(t, { firstName: "Robin", lastName: "Hale", zipcode: "21201", specializations: ["Goalie"] });
    coach = { id: made.coach.id, email: made.email, password: made.password };
  });

  async function signedInCoach(options: { width?: number } = {}): Promise<Page> {
    const { context, page } = await newPage(browser, t.baseUrl, options);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.baseUrl });
    const res = await page.request.post("/api/auth/login", { data: { email: coach.email, password: coach.password } });
    expect(res.status()).toBe(200);
    return page;
  }

  test("sees the public link, copies it, sees the chat preview and downloads the QR code", async () => {
    const page = await signedInCoach();
    await page.goto("/coach-dashboard");
    const section = page.getByTestId("share-profile-section");
    await expect(section.getByRole("heading", { level: 2, name: "Share your profile" })).toBeVisible({ timeout: 30_000 });
    const url = `${APP_URL}/coach/${coach.id}`;
    await expect(section.getByLabel("Your public profile link")).toHaveValue(url);

    await section.getByRole("button", { name: "Copy link" }).click();
    await expect(section.getByRole("status")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The preview is the page's own head, as a chat app reads it from the page's HTML.
    const html = await (await page.request.get(`/coach/${coach.id}`)).text();
    const meta = (key: string) =>
      new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&#39;/g, "'").replace(/&amp;/g, "&");
    const preview = section.getByTestId("share-preview");
    await expect(preview.getByTestId("share-preview-title")).toHaveText(meta("og:title")!);
    await expect(preview.getByTestId("share-preview-title")).toContainText("Robin Hale");
    await expect(preview.getByTestId("share-preview-description")).toHaveText(meta("og:description")!);
    await expect(preview.getByText("localhost:5000", { exact: true })).toBeVisible();
    const image = preview.getByRole("img");
    await expect(image).toHaveAttribute("src", `/og/coach/${coach.id}.png`);
    expect(meta("og:image")).toBe(`${APP_URL}/og/coach/${coach.id}.png`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);

    // The QR code is the link's: the same pixels as the qrcode library draws for it.
    const qr = section.getByRole("img", { name: `QR code for ${url}` });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    const download = page.waitForEvent("download");
    await section.getByRole("link", { name: "Download QR code" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`laxcoach-coach-${coach.id}-qr.png`);
    const png = readFileSync((await file.path())!);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    const drawn = await pixelsOf(png);
    const expected = await pixelsOf(await QRCode.toBuffer(url, { type: "png", width: 512, margin: 2, errorCorrectionLevel: "M" }));
    expect(drawn.info.width).toBe(expected.info.width);
    expect(drawn.data.equals(expected.data)).toBe(true);
    // Another address draws another code: the comparison can fail.
    const other = await pixelsOf(await QRCode.toBuffer(`${url}0`, { type: "png", width: 512, margin: 2, errorCorrectionLevel: "M" }));
    expect(drawn.data.equals(other.data)).toBe(false);
    await page.context().close();
  });

  test("on a phone whose browser refuses the clipboard, the link is selected to copy by hand, and nothing overflows", async () => {
    const page = await signedInCoach({ width: 390 });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) },
      });
    });
    await page.goto("/coach-dashboard");
    const section = page.getByTestId("share-profile-section");
    await section.scrollIntoViewIfNeeded({ timeout: 30_000 });
    await section.getByRole("button", { name: "Copy link" }).click();
    await expect(section.getByRole("status")).toContainText("the link is selected");
    const field = section.getByLabel("Your public profile link");
    await expect(field).toBeFocused();
    const url = `${APP_URL}/coach/${coach.id}`;
    expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, url.length]);
    await expect(section.getByRole("img", { name: `QR code for ${url}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
