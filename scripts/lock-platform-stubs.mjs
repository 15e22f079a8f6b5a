// The npm registry reachable here lacks some platform-only optional packages (e.g. the macOS and
// Windows builds of @tailwindcss/oxide), so `npm install` leaves them out of package-lock.json and
// `npm ci` then refuses the lock as out of sync. This adds a lock entry for each missing optional
// platform package, with its os/cpu, so npm ci skips it on other platforms instead of failing.
// Run after `npm install` changes the lock: node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const platforms = [
  [/android-arm64/, ["android"], ["arm64"]],
  [/darwin-arm64/, ["darwin"], ["arm64"]],
  [/darwin-x64/, ["darwin"], ["x64"]],
  [/freebsd-x64/, ["freebsd"], ["x64"]],
  [/linux-arm-gnueabihf/, ["linux"], ["arm"]],
  [/linux-arm64-gnu/, ["linux"], ["arm64"]],
  [/linux-arm64-musl/, ["linux"], ["arm64"]],
  [/linux-x64-musl/, ["linux"], ["x64"]],
  [/wasm32-wasi/, [], ["wasm32"]],
  [/win32-arm64-msvc/, ["win32"], ["arm64"]],
  [/win32-x64-msvc/, ["win32"], ["x64"]],
];

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const path = `node_modules/${name}`;
    if (lock.packages[path] || lock.packages[`${key}/${path}`]) continue;
    const platform = platforms.find(([pattern]) => pattern.test(name));
    if (!platform) continue;
    const [, os, cpu] = platform;
    lock.packages[path] = { version, optional: true, ...(os.length ? { os } : {}), cpu };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform stub(s) to package-lock.json`);
