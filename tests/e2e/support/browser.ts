import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { createServer, type Server } from "node:http";
import { createApp } from "../../../src/server/app";
import { mountClient } from "../../../src/server/http/client-assets";
import { attachCalendarSocket } from "../../../src/server/realtime/calendar-socket";
import { startTestApp, type TestApp } from "../../support/test-app";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Browser tests are skipped only when Chromium is missing and REQUIRE_E2E is not set; .ci/run sets
 * it, so there they can never be skipped.
 */
export const canRunBrowser = existsSync(CHROME_PATH);
if (!canRunBrowser && process.env.REQUIRE_E2E === "1") {
  throw new Error(`REQUIRE_E2E=1 but no Chromium at ${CHROME_PATH}`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export type E2eServer = TestApp & { baseUrl: string };

/** The real app with the built client on an ephemeral port, against a fresh database. */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const t = await startTestApp(env);
  const app = createApp(t.deps);
  const server: Server = createServer(app);
  await mountClient(app, { dev: false, server });
  // As in main.ts: the live calendar channel shares the HTTP server.
  const calendarSocket = await attachCalendarSocket(server, t.deps);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    ...t,
    baseUrl,
    async close() {
      await calendarSocket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/** A fresh browser context (its own cookies) with a page whose console errors fail loudly in the log. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: { width?: number; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: no colour transitions in flight when a test or an accessibility scan reads the page.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: "reduce",
    // The viewer's own zone. By default the test coaches' (ZIP 21201, Baltimore), whatever the
    // machine's zone; a test of a viewer elsewhere names another, and then sees "4:00 PM EST".
    timezoneId: options.timezoneId ?? "America/New_York",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Serious and critical accessibility findings on the page as it is now (axe-core's rule ids with their targets). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
