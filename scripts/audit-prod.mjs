#!/usr/bin/env node
// Known advisories in production dependencies, for CI. First the lock file against the shipped
// advisory snapshot (scripts/advisories.json; works with no audit endpoint at all), then
// `npm audit --omit=dev` where the registry answers. Either fails the run on a high or critical
// advisory; a registry without an audit endpoint (a mirror answering 405, no network) only skips
// the second check, so an unreachable advisory service never blocks a release nor hides a known one.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { findLockedAdvisories } from "./lockfile-advisories.mjs";

const root = new URL("..", import.meta.url);
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));
const snapshot = JSON.parse(readFileSync(new URL("scripts/advisories.json", root), "utf8"));
const serious = (severity) => severity === "high" || severity === "critical";
const locked = findLockedAdvisories(lock, snapshot).filter((f) => serious(f.severity));
console.log(`lock file against the advisory snapshot of ${snapshot.taken}: ${locked.length} high or critical`);
for (const f of locked) console.error(`  ${f.severity}: ${f.package} ${f.version} (${f.where}) ${f.id} ${f.title}`);
let failed = locked.length > 0;

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(run.stdout || "{}");
} catch {
  report = { error: { summary: (run.stderr || run.stdout || "no output").trim().split("\n").pop() } };
}
if (!report.metadata) {
  // npm reports a failed request either as {error: {summary}} or as the HTTP answer itself.
  const why = report.message || report.error?.summary || report.error?.code || "no report";
  console.warn(`npm audit: the registry did not answer (${why}); the snapshot check above stands alone`);
} else {
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
  if ((counts.high ?? 0) + (counts.critical ?? 0) > 0) {
    for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
      if (serious(v.severity)) console.error(`  ${v.severity}: ${name} ${v.range ?? ""}`);
    }
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
