import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

/** Browser tests run against the built client, so it is built once before them. */
export default async function setup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "../../..");
  // Vitest runs with NODE_ENV=test, which would bundle React's development build; test what users get.
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
    process.env.NODE_ENV = nodeEnv;
  }
  if (!existsSync(path.join(root, "dist/client/index.html"))) throw new Error("client build produced no index.html");
}
