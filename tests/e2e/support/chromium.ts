import { existsSync } from "node:fs";

/** Debian's Chromium: browser tests never download a browser (no `playwright install`). */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * Browser tests are skipped only when Chromium is missing and REQUIRE_E2E is not set; .ci/run sets
 * it, so there they can never be skipped.
 */
export const canRunBrowser = existsSync(CHROME_PATH);

export function requireBrowserWhenAsked(): void {
  if (!canRunBrowser && process.env.REQUIRE_E2E === "1") throw new Error(`REQUIRE_E2E=1 but no Chromium at ${CHROME_PATH}`);
}
