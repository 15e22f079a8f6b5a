// `npm start`: build the client when it is missing or older than its sources, then run the server
// (TypeScript through tsx) in this same process, so signals reach it directly.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist/client/index.html");

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ["src/client", "src/contract", "vite.config.ts", "package-lock.json"].map((p) => path.join(root, p)).filter(existsSync);
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log("Building the client...");
  const { build } = await import("vite");
  await build({ root: path.join(root, "src/client"), configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
}

const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "src/server/main.ts"));
