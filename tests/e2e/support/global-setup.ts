import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

/** Browser tests run against the built client, so it is built once before them. */
export default async function setup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "../../..");
  await build({ root: path.join(root, "src/client"), configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  if (!existsSync(path.join(root, "dist/client/index.html"))) throw new Error("client build produced no index.html");
}
