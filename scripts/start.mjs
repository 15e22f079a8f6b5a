// `npm start`: build what is missing or older than its sources (in a child process, see
// scripts/build.mjs), then run the compiled server in this process, so signals reach it directly.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** A build is stale when its output is missing or older than any of its inputs that are present. */
function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const present = inputs.map((p) => path.join(root, p)).filter(existsSync);
  return present.length > 0 && Math.max(...present.map(newestMtime)) > statSync(output).mtimeMs;
}

// tsconfig.base.json holds the path aliases both builds resolve.
const shared = ["src/contract", "package-lock.json", "scripts/build.mjs", "tsconfig.base.json"];
const parts = [];
if (isStale(path.join(root, "dist/client/index.html"), ["src/client", "vite.config.ts", "tsconfig.client.json", ...shared]))
  parts.push("client");
if (isStale(path.join(root, "dist/server/main.js"), ["src/server", "tsconfig.server.json", ...shared])) parts.push("server");
if (parts.length > 0) {
  console.log(`Building the ${parts.join(" and ")}...`);
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs"), ...parts], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; see above.");
    process.exit(result.status ?? 1);
  }
}

// Stack traces point into the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
