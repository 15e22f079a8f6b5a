/**
 * Load benchmark of GET /api/coaches/search against the trivial GET /api/health of the same server.
 *
 *   npm run bench:search                       (DATABASE_URL defaults to the lacrosse_bench database)
 *   npm run bench:search -- --explain-only     (only the query plan check)
 *
 * Seeds the database with bench/seed-search.ts when it holds fewer than 10,000 coaches. The server
 * (createApp + bootstrap, SEED_DEMO=false) runs in a child process so that autocannon, in this
 * process, does not share its event loop. Each search asks for a random seeded ZIP, radius and
 * position; 16 connections for 20 s each. Then EXPLAIN (ANALYZE, BUFFERS) of a typical search must
 * show no sequential scan of time_slots, or the run fails.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { POSITIONS } from "../src/contract/coaches";
import { SEARCH_MAX_COACHES, SEARCH_RADIUS_OPTIONS, SEARCH_SLOTS_PER_COACH } from "../src/contract/search";
import { createApp } from "../src/server/app";
import { bootstrap } from "../src/server/boot";
import { loadConfig } from "../src/server/config";
import type { Database } from "../src/server/db/client";
import { slotsReadPerCoach } from "../src/server/features/search/coach-slots-cache";
import { haversineMiles } from "../src/server/features/search/distance";
import { coachDirectory, coachDirectorySql, coachSlotsSql } from "../src/server/features/search/search.repository";
import { BENCH_COACHES, DEFAULT_BENCH_DATABASE_URL, openBenchDatabase, seedSearchBenchmark } from "./seed-search";

const CONNECTIONS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP_SECONDS = 3;
const TARGET_P95_MS = 50;
const TARGET_THROUGHPUT_SHARE = 1 / 3;

type Sample = { origin: { zip: string; latitude: number; longitude: number }; radius: number; position: string };
type RunResult = {
  label: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  bytesPerRequest: number;
};

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-bench-"));
  // Request logging is off (LOG_LEVEL=warn) for both endpoints alike: it measures the terminal, not the app.
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    PORT: "0",
  });
  const deps = await bootstrap(config);
  const server = createApp(deps).listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send!({ port: typeof address === "object" && address ? address.port : 0 });
  });
  process.on("disconnect", () => {
    server.close();
    void deps.database.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], { execArgv: ["--import", "tsx"], env: process.env });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

async function loadSamples(database: Database): Promise<Sample[]> {
  const result = await database.db.execute(
    sql`select distinct c.zipcode as zip, z.latitude, z.longitude from coaches c join zip_codes z on z.zip = c.zipcode order by 1`,
  );
  const zips = (result as unknown as { rows: Sample["origin"][] }).rows;
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 5000 }, () => ({
    origin: zips[Math.floor(random() * zips.length)]!,
    radius: SEARCH_RADIUS_OPTIONS[Math.floor(random() * SEARCH_RADIUS_OPTIONS.length)]!,
    position: POSITIONS[Math.floor(random() * POSITIONS.length)]!,
  }));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(label: string, baseUrl: string, pathFor: () => string, seconds: number): Promise<RunResult> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const instance = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: pathFor() }) }],
  });
  instance.on("response", (_client, statusCode: number, resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += resBytes;
    if (statusCode !== 200) errors++;
  });
  const result = await instance;
  errors += result.errors + result.timeouts;
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    bytesPerRequest: latencies.length ? bytes / latencies.length : 0,
  };
}

/**
 * The statements behind a typical search (a seeded metro ZIP, 25 miles, Midfield). In the steady
 * state a search runs none: the coach directory and coach-slots-cache answer it. A change to a
 * coach's listing makes the next search re-read that coach, and a change to their slots (or 60 s)
 * makes it re-read their next slots; both are checked here for the coaches of that search. The
 * directory's full read (at start and every 60 s in the background) reads every coach by design:
 * its plan is printed with its time, not checked.
 */
async function typicalSearch(database: Database, samples: Sample[]): Promise<[string, SQL, boolean][]> {
  const origin = (samples.find((s) => s.origin.zip.startsWith("212")) ?? samples[0]!).origin;
  const startedAt = performance.now();
  const everyone = await coachDirectory(database.db, null);
  console.log(`\nFull directory read: ${everyone.length} coaches in ${(performance.now() - startedAt).toFixed(0)} ms`);
  const ids = everyone
    .filter((c) => c.specializations.includes("Midfield"))
    .map((c) => ({ id: c.id, distance: haversineMiles(origin, c.latitude, c.longitude) }))
    .filter((c) => c.distance <= 25)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, SEARCH_MAX_COACHES + 5)
    .map((c) => c.id);
  return [
    ["the whole coach directory (every 60 s)", coachDirectorySql(null), false],
    [`listings of ${ids.length} coaches (stale directory entries)`, coachDirectorySql(ids), true],
    [`slots of ${ids.length} coaches (cache misses)`, coachSlotsSql(ids, new Date(), slotsReadPerCoach(SEARCH_SLOTS_PER_COACH)), true],
  ];
}

async function explainCustomPlan(database: Database, query: SQL): Promise<string[]> {
  const result = await database.db.execute(sql`explain (analyze, buffers) ${query}`);
  return (result as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]);
}

/**
 * The server runs the search as a prepared statement, so PostgreSQL may switch to a generic plan
 * (one that does not know the parameter values) after five runs: that plan must use the indexes too.
 */
async function explainGenericPlan(query: SQL): Promise<string[]> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`prepare bench_search as ${text}`);
    await client.query("set plan_cache_mode = force_generic_plan");
    const args = params.length > 0 ? `(${params.map((v) => client.escapeLiteral(String(v))).join(", ")})` : "";
    const result = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) execute bench_search${args}`);
    return result.rows.map((r) => r["QUERY PLAN"]);
  } finally {
    await client.end();
  }
}

function line(r: RunResult): string {
  return `${r.label.padEnd(8)} ${r.perSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
    .toFixed(1)
    .padStart(
      6,
    )} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${r.requests} requests, ${r.errors} errors, ${(r.bytesPerRequest / 1024).toFixed(1)} KiB/answer`;
}

async function main(): Promise<void> {
  const explainOnly = process.argv.includes("--explain-only");
  const database = await openBenchDatabase(databaseUrl);
  let failed = false;
  try {
    const counted = await database.db.execute(sql`select count(*)::int as n from coaches`);
    if ((counted as unknown as { rows: { n: number }[] }).rows[0]!.n < BENCH_COACHES) {
      console.log("Seeding the benchmark database first (bench/seed-search.ts)...");
      await seedSearchBenchmark(database);
    }
    const samples = await loadSamples(database);

    if (!explainOnly) {
      const { child, baseUrl } = await startServer();
      try {
        let i = 0;
        const searchPath = () => {
          const s = samples[i++ % samples.length]!;
          return `/api/coaches/search?specialization=${s.position}&zipcode=${s.origin.zip}&radius=${s.radius}`;
        };
        console.log(`Warming up (${WARMUP_SECONDS} s)...`);
        await measure("warmup", baseUrl, searchPath, WARMUP_SECONDS);
        await measure("warmup", baseUrl, () => "/api/health", WARMUP_SECONDS);
        console.log(`Measuring: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
        const search = await measure("search", baseUrl, searchPath, DURATION_SECONDS);
        const health = await measure("health", baseUrl, () => "/api/health", DURATION_SECONDS);
        const share = search.perSecond / health.perSecond;
        console.log("");
        console.log(line(search));
        console.log(line(health));
        console.log(`search/health throughput: ${(share * 100).toFixed(1)}% (target >= ${(TARGET_THROUGHPUT_SHARE * 100).toFixed(1)}%)`);
        const p95Ok = search.p95 < TARGET_P95_MS;
        const shareOk = share >= TARGET_THROUGHPUT_SHARE;
        console.log(`search p95 ${search.p95.toFixed(1)} ms: ${p95Ok ? "PASS" : "FAIL"} (target < ${TARGET_P95_MS} ms)`);
        console.log(`throughput share: ${shareOk ? "PASS" : "FAIL"}`);
        if (search.errors > 0 || health.errors > 0) {
          console.error("FAIL: some requests did not answer 200");
          failed = true;
        }
        if (!p95Ok || !shareOk) failed = true;
      } finally {
        child.disconnect();
      }
    }

    for (const [statement, query, checked] of await typicalSearch(database, samples))
      for (const [kind, plan] of [
        ["custom plan", await explainCustomPlan(database, query)],
        ["generic plan (prepared statement)", await explainGenericPlan(query)],
      ] as const) {
        const label = `${statement}, ${kind}`;
        console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of a typical search (25 miles, Midfield), ${label}:`);
        console.log(plan.join("\n"));
        if (!checked) continue;
        if (plan.some((l) => /Seq Scan on (time_slots|coaches|bookings|session_feedback)\b/.test(l))) {
          console.error(`\nFAIL: the ${label} scans time_slots, coaches, bookings or session_feedback sequentially`);
          failed = true;
        } else {
          console.log(`\nPlan check (${label}): no sequential scan of time_slots, coaches, bookings or session_feedback`);
        }
      }
  } finally {
    await database.close();
  }
  if (failed) process.exitCode = 1;
}

if (process.argv.includes("--serve")) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
