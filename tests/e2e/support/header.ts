import type { Locator, Page } from "@playwright/test";

/**
 * The signed-in header (DESIGN 12): the profile, "Sign Out" and the other account links sit in the
 * account menu (a button with the user's name) on a desktop, and in the menu behind "Open menu" on
 * a phone. Tests reach them through here, whatever the page's width. Inside `#root`: the server's
 * painted first screen holds an inert copy of the header until the app takes its place.
 */
export const accountMenuButton = (page: Page): Locator => page.locator("#root").getByRole("button", { name: /, account menu$/ });

/** Opens the account menu on a desktop, or the phone's menu (which holds the account links too). */
export async function openAccountMenu(page: Page): Promise<void> {
  const root = page.locator("#root");
  const phoneMenu = root.getByRole("button", { name: /^(Open|Close) menu$/ });
  await phoneMenu.or(accountMenuButton(page)).first().waitFor();
  if (await phoneMenu.isVisible()) {
    if ((await phoneMenu.getAttribute("aria-expanded")) !== "true") await phoneMenu.click();
    return;
  }
  if ((await accountMenuButton(page).getAttribute("aria-expanded")) !== "true") await accountMenuButton(page).click();
}

/** Opens the menu that holds it, then follows one of the account links ("My Profile", "Profile", "Add an athlete", ...). */
export async function openAccountLink(page: Page, name: string): Promise<void> {
  await openAccountMenu(page);
  await page.locator("#root").getByRole("link", { name, exact: true }).click();
}

/** "Sign Out" from the account menu (or the phone's menu). */
export async function signOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.locator("#root").getByRole("button", { name: "Sign Out" }).click();
}
