import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { canRunBrowser, requireBrowserWhenAsked } from "./chromium";

/** Browser tests run against the built client, so it is built once before them. */
export default async function setup(): Promise<void> {
  requireBrowserWhenAsked();
  if (!canRunBrowser) return; // Every test skips itself.
  const root = path.resolve(import.meta.dirname, "../../..");
  // A test runner may set NODE_ENV=test, which would bundle React's development build; test what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root: path.join(root, "src/client"),
      configFile: path.join(root, "vite.config.ts"),
      logLevel: "warn",
      mode: "production",
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (!existsSync(path.join(root, "dist/client/index.html"))) throw new Error("client build produced no index.html");
}
