/**
 * Load benchmark of GET /api/coaches/search against the trivial GET /api/health of the same server.
 *
 *   npm run bench:search                       (10,000 coaches in the lacrosse_bench database)
 *   npm run bench:search -- --coaches 100000   (100,000 coaches in lacrosse_bench_100000)
 *   npm run bench:search -- --explain-only     (only the query plan check)
 *
 * DATABASE_URL overrides the database. Seeds it with bench/seed-search.ts when it does not hold
 * exactly that many coaches. The server (createApp + bootstrap, SEED_DEMO=false) runs in a child
 * process so that autocannon, in this process, does not share its event loop. Each search asks for
 * a random seeded ZIP, radius and position, with a browser's Accept-Encoding; 16 connections for
 * 20 s each. Then EXPLAIN (ANALYZE, BUFFERS) of a typical search must show no sequential scan of
 * time_slots, or the run fails. Prints the load average, the server's resident memory and the
 * time of the directory's one full read at start.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { POSITIONS } from "../src/contract/coach-basics";
import { SEARCH_MAX_COACHES, SEARCH_RADIUS_OPTIONS, SEARCH_SLOTS_PER_COACH } from "../src/contract/search";
import type { Database } from "../src/server/db/client";
import { haversineMiles } from "../src/server/features/search/distance";
import { coachDirectory, coachDirectorySql, coachSlotsSql } from "../src/server/features/search/search.repository";
import type { AppDeps } from "../src/server/deps";
import { coachDirectoryFor } from "../src/server/features/search/coach-directory";
import { coachSlotsCacheFor, slotsReadPerCoach } from "../src/server/features/search/coach-slots-cache";
import { searchAnswerCacheFor } from "../src/server/features/search/search-answer-cache";
import { warmUpSearch } from "../src/server/features/search/search-warm-up";
import { liveHeapMb, runBenchmark, serveInChild, serverMemory, startServerChild, type ServerReady } from "./bench-server";
import {
  BENCH_COACHES,
  BENCH_SLOTS_PER_COACH,
  coachCountArgument,
  DEFAULT_BENCH_DATABASE_URL,
  openBenchDatabase,
  seedSearchBenchmark,
} from "./seed-search";

const CONNECTIONS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP_SECONDS = 3;
/** Issue 25's targets at any size: the steady state's tail, the first (uncached) searches, the server's memory. */
const TARGET_P95_MS = 20;
const TARGET_P99_MS = 30;
const TARGET_COLD_P95_MS = 30;
const TARGET_PEAK_RSS_MB = 600;
/** What a browser sends; the answers are compressed as they would be for a visitor. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br";
const TARGET_THROUGHPUT_SHARE = 0.4;

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
  /** p95 of each fifth of the responses in the order they came (is the tail the first seconds?). */
  p95ByFifth: number[];
};

const coachCount = coachCountArgument();
const databaseUrl =
  process.env.DATABASE_URL ?? (coachCount === BENCH_COACHES ? DEFAULT_BENCH_DATABASE_URL : `${DEFAULT_BENCH_DATABASE_URL}_${coachCount}`);

type ServerReport = ServerReady & {
  directoryMs: number;
  directoryCoaches: number;
  /** The live heap once the directory is read, before the warm-up's searches. */
  heapDirectoryMb: number;
  /** The live heap once every coach's next slots are read too. */
  heapSlotsMb: number;
  slotCoaches: number;
  slotsMs: number;
  warmUpMs: number;
  warmUpSearches: number;
};

/** What the server does before it listens (main.ts): the directory's one full read and the search's warm-up. */
async function prepareServer(deps: AppDeps): Promise<Record<string, unknown>> {
  let heapDirectoryMb = 0;
  let heapSlotsMb = 0;
  const warmUp = await warmUpSearch(deps, {
    afterDirectory: () => (heapDirectoryMb = liveHeapMb()),
    afterSlots: () => (heapSlotsMb = liveHeapMb()),
  });
  coachSlotsCacheFor(deps).keepFresh();
  return {
    slotCoaches: warmUp.slotCoaches,
    slotsMs: warmUp.slotsMs,
    directoryMs: warmUp.directoryMs,
    directoryCoaches: warmUp.coaches,
    heapDirectoryMb,
    heapSlotsMb,
    warmUpMs: warmUp.totalMs,
    warmUpSearches: warmUp.searches,
  };
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

/** CPU time (ms) a process has used so far, from /proc (Linux, 100 ticks a second); 0 when it cannot be read. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time used by the server process and by PostgreSQL's backends of this database (the server's
 * connections), to divide by the requests between two snapshots: on a shared 2-core machine the
 * latencies move with the other work, the CPU a search costs much less.
 */
async function cpuSnapshot(database: Database, serverPid: number): Promise<{ server: number; backends: Map<number, number> }> {
  const result = await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  const pids = (result as unknown as { rows: { pid: number }[] }).rows.map((r) => Number(r.pid));
  return { server: cpuMsOf(serverPid), backends: new Map(pids.map((pid) => [pid, cpuMsOf(pid)])) };
}

function cpuPerRequest(before: Awaited<ReturnType<typeof cpuSnapshot>>, after: typeof before, requests: number): string {
  let backends = 0;
  for (const [pid, ms] of after.backends) backends += ms - (before.backends.get(pid) ?? 0);
  const per = (ms: number) => (ms / requests).toFixed(2);
  return `CPU a request: server ${per(after.server - before.server)} ms, PostgreSQL ${per(backends)} ms (its ${after.backends.size} backends of this database)`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Requests for `seconds`, or `count` requests (the warm-up); percentiles over every response time. */
async function measure(
  label: string,
  baseUrl: string,
  pathFor: () => string,
  limit: { seconds: number } | { count: number },
): Promise<RunResult> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const instance = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    ...("seconds" in limit ? { duration: limit.seconds } : { amount: limit.count }),
    headers: { "accept-encoding": ACCEPT_ENCODING },
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: pathFor() }) }],
  });
  instance.on("response", (_client, statusCode: number, resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += resBytes;
    if (statusCode !== 200) errors++;
  });
  const result = await instance;
  errors += result.errors + result.timeouts;
  const seconds = "seconds" in limit ? limit.seconds : (performance.now() - started) / 1000;
  const fifth = Math.ceil(latencies.length / 5);
  const p95ByFifth = [0, 1, 2, 3, 4].map((i) =>
    percentile(
      latencies.slice(i * fifth, (i + 1) * fifth).sort((a, b) => a - b),
      95,
    ),
  );
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
    p95ByFifth,
  };
}

/**
 * The statements behind a typical search (a seeded metro ZIP, 25 miles, Midfield). In the steady
 * state a search runs none: the coach directory and coach-slots-cache answer it. A change to a
 * coach's listing makes the next search re-read that coach, and a change to their slots (or 60 s)
 * makes it re-read their next slots; both are checked here for the coaches of that search. The
 * directory's full read (once, at start) reads every coach by design:
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
    .slice(0, SEARCH_MAX_COACHES + 6)
    .map((c) => c.id);
  return [
    ["the whole coach directory (once, at start)", coachDirectorySql(null), false],
    [`listings of ${ids.length} coaches (stale directory entries)`, coachDirectorySql(ids), true],
    [`slots of ${ids.length} coaches (cache misses)`, coachSlotsSql(ids, new Date(), slotsReadPerCoach(SEARCH_SLOTS_PER_COACH + 1)), true],
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
    // A seed cut off half-way (coaches but no slots or reviews yet) is seeded again.
    const counted = await database.db.execute(
      sql`select (select count(*) from coaches)::int as coaches, (select count(*) from time_slots)::int as slots,
        exists (select 1 from reviews) as reviewed`,
    );
    const seeded = (counted as unknown as { rows: { coaches: number; slots: number; reviewed: boolean }[] }).rows[0]!;
    if (seeded.coaches !== coachCount || seeded.slots !== coachCount * BENCH_SLOTS_PER_COACH || !seeded.reviewed) {
      console.log(`Seeding ${coachCount} coaches first (bench/seed-search.ts)...`);
      await seedSearchBenchmark(database, coachCount);
    }
    const slotCount = await database.db.execute(sql`select count(*)::int as n from time_slots`);
    console.log(
      `${coachCount} coaches, ${(slotCount as unknown as { rows: { n: number }[] }).rows[0]!.n} slots; load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const samples = await loadSamples(database);

    if (!explainOnly) {
      const { child, baseUrl, ready } = await startServerChild(fileURLToPath(import.meta.url), databaseUrl);
      const report = ready as ServerReport;
      console.log(
        `Server: coach directory read in ${report.directoryMs.toFixed(0)} ms at start (its only full read), the next slots of ${report.slotCoaches} coaches in ${report.slotsMs.toFixed(0)} ms, ${report.warmUpSearches} warm-up searches, ready after ${report.warmUpMs.toFixed(0)} ms; resident memory ${report.rssMb.toFixed(0)} MB`,
      );
      console.log(
        `Live heap: ${report.heapBeforeMb.toFixed(0)} MB before the directory, ${report.heapDirectoryMb.toFixed(0)} MB with it (directory of ${report.directoryCoaches} coaches: ${(report.heapDirectoryMb - report.heapBeforeMb).toFixed(0)} MB), ${report.heapSlotsMb.toFixed(0)} MB with their next slots (${(report.heapSlotsMb - report.heapDirectoryMb).toFixed(0)} MB), ${report.heapPreparedMb.toFixed(0)} MB after the warm-up`,
      );
      try {
        let i = 0;
        const searchPath = () => {
          const s = samples[i++ % samples.length]!;
          return `/api/coaches/search?specialization=${s.position}&zipcode=${s.origin.zip}&radius=${s.radius}`;
        };
        // Every distinct search once first: the measured run is the steady state of a server that
        // has seen its area's searches, not the first minute after start (printed as "cold").
        console.log(`Warming up: each of the ${samples.length} searches once...`);
        const coldCpu = await cpuSnapshot(database, child.pid!);
        const cold = await measure("cold", baseUrl, searchPath, { count: samples.length });
        console.log(line(cold));
        console.log(`cold     p95 by fifth of the run, in order: ${cold.p95ByFifth.map((ms) => ms.toFixed(1)).join(", ")} ms`);
        console.log(`cold     ${cpuPerRequest(coldCpu, await cpuSnapshot(database, child.pid!), cold.requests)}`);
        await measure("warmup", baseUrl, () => "/api/health", { seconds: WARMUP_SECONDS });
        console.log(`Measuring: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
        const searchCpu = await cpuSnapshot(database, child.pid!);
        const search = await measure("search", baseUrl, searchPath, { seconds: DURATION_SECONDS });
        const searchCpuLine = `search   ${cpuPerRequest(searchCpu, await cpuSnapshot(database, child.pid!), search.requests)}`;
        const health = await measure("health", baseUrl, () => "/api/health", { seconds: DURATION_SECONDS });
        const share = search.perSecond / health.perSecond;
        const memory = await serverMemory(child);
        const restMb = memory.liveHeapMb - report.heapSlotsMb;
        console.log("");
        console.log(
          `load average after: ${loadavg()
            .map((l) => l.toFixed(2))
            .join(" ")}; ${coachCount} coaches`,
        );
        console.log(
          `server resident memory after the run: ${memory.rssMb.toFixed(0)} MB, at most ${memory.peakRssMb.toFixed(0)} MB (heap used ${memory.heapMb.toFixed(0)} MB, ${memory.liveHeapMb.toFixed(0)} MB live)`,
        );
        console.log(
          `memory by part (live heap): app ${report.heapBeforeMb.toFixed(0)} MB, directory ${(report.heapDirectoryMb - report.heapBeforeMb).toFixed(0)} MB, slot cache ${(report.heapSlotsMb - report.heapDirectoryMb).toFixed(0)} MB at start (${String(memory.slotCacheCoaches)} coaches now), ${String(memory.searchAnswers)} kept answers and the rest ${restMb.toFixed(0)} MB`,
        );
        console.log(line(search));
        console.log(searchCpuLine);
        console.log(line(health));
        console.log(`search/health throughput: ${(share * 100).toFixed(1)}% (target >= ${(TARGET_THROUGHPUT_SHARE * 100).toFixed(1)}%)`);
        const checks: [string, boolean][] = [
          [`search p95 ${search.p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms)`, search.p95 < TARGET_P95_MS],
          [`search p99 ${search.p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms)`, search.p99 < TARGET_P99_MS],
          [`first (uncached) search p95 ${cold.p95.toFixed(1)} ms (target < ${TARGET_COLD_P95_MS} ms)`, cold.p95 < TARGET_COLD_P95_MS],
          [
            `throughput share ${(share * 100).toFixed(1)}% (target >= ${(TARGET_THROUGHPUT_SHARE * 100).toFixed(0)}%)`,
            share >= TARGET_THROUGHPUT_SHARE,
          ],
          [
            `resident memory at most ${memory.peakRssMb.toFixed(0)} MB (target < ${TARGET_PEAK_RSS_MB} MB)`,
            memory.peakRssMb < TARGET_PEAK_RSS_MB,
          ],
        ];
        for (const [label, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}: ${label}`);
        if (search.errors > 0 || health.errors > 0) {
          console.error("FAIL: some requests did not answer 200");
          failed = true;
        }
        if (checks.some(([, ok]) => !ok)) failed = true;
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
        if (plan.some((l) => /Seq Scan on (time_slots|coaches|bookings|reviews)\b/.test(l))) {
          console.error(`\nFAIL: the ${label} scans time_slots, coaches, bookings or reviews sequentially`);
          failed = true;
        } else {
          console.log(`\nPlan check (${label}): no sequential scan of time_slots, coaches, bookings or reviews`);
        }
      }
  } finally {
    await database.close();
  }
  if (failed) process.exitCode = 1;
}

runBenchmark(main, () =>
  serveInChild(databaseUrl, prepareServer, (deps) => ({
    directoryCoaches: coachDirectoryFor(deps).size(),
    slotCacheCoaches: coachSlotsCacheFor(deps).size(),
    searchAnswers: searchAnswerCacheFor(deps).size(),
  })),
);
