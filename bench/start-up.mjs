// Start-up time on a fresh data directory after install: time from spawning `npm start`'s script
// until /api/health answers, with an empty DATA_DIR each time (embedded PostgreSQL created,
// migrated, ZIP table loaded, demo marketplace seeded). The build is made first and not timed.
// Compares the compiled server with the sources run through tsx (how `npm start` ran before).
//   node bench/start-up.mjs [runs=3]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.argv[2] ?? 3);
const LIMIT_MS = 15_000;

const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(1);

async function timeStart(args) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-startup-"));
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: "ignore" });
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error("no answer within 120 s");
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = { compiled: [], tsx: [] };
for (let i = 0; i < runs; i++) {
  results.compiled.push(await timeStart(["scripts/start.mjs"]));
  results.tsx.push(await timeStart(["--import", "tsx", "src/server/main.ts"]));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, xs] of Object.entries(results)) {
  console.log(`${name.padEnd(8)} median ${(median(xs) / 1000).toFixed(1)} s  runs ${xs.map((x) => (x / 1000).toFixed(1)).join(", ")} s`);
}
const ok = median(results.compiled) < LIMIT_MS;
console.log(ok ? `compiled start-up is under ${LIMIT_MS / 1000} s` : `compiled start-up is over ${LIMIT_MS / 1000} s`);
process.exit(ok ? 0 : 1);
