import { defineConfig } from "@playwright/test";
import { CHROME_PATH, CHROMIUM_ARGS } from "./tests/e2e/support/chromium";

/**
 * Browser tests: each file is one journey against the real app on a fresh database, in Debian's
 * Chromium (never a downloaded browser). One worker: the machine has two cores, and the app server
 * runs in the worker beside the browser.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: CHROME_PATH, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
  },
});
