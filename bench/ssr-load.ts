/**
 * Load benchmark of a coach's public page drawn on the server (decision 016, issue 44), against
 * the trivial GET /api/health of the same server:
 *
 *   npm run bench:ssr                        (100,000 coaches in lacrosse_bench_100000)
 *   npm run bench:ssr -- --coaches 10000     (10,000 coaches in lacrosse_bench)
 *
 * The data is the search benchmark's (bench/seed-search.ts: coaches at real ZIPs, 50 slots each,
 * reviews), seeded when the database does not hold it. The server is the compiled product as
 * `npm start` runs it (dist/server/main.js with the client and its server renderer, built when
 * missing), on that PostgreSQL database, in a child process. Each request is a visitor's
 * `GET /coach/{id}` with a browser's Accept-Encoding: 80% go to the 2,000 most visited coaches (a
 * shared link, a coach who advertises), 20% to any coach, so most pages come from the rendered-page
 * cache and a fifth are drawn. Every 2 s, one visited coach changes their title through the API's
 * own announcement (a `coach_updated` event on the database's channel, as another process's change
 * arrives), so the cache is also refreshed under load. 16 connections, 20 s each, after a warm-up
 * that visits each popular page once (a server that has run a while holds them). Then, for the
 * record, 10 s of the popular pages alone (what a kept page costs).
 *
 * Prints: `ssr coach page: p50 <a> ms, p95 <b> ms, p99 <c> ms, <n> req/s, share <s>% of /api/health`
 * and fails when p95 >= 25 ms, the share < 30% or any answer is not 200 with the coach's name.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildCompiledServer, freePort, startCompiledServer } from "../tests/cluster/support/processes";
import { BENCH_COACHES, BENCH_SLOTS_PER_COACH, DEFAULT_BENCH_DATABASE_URL, openBenchDatabase, seedSearchBenchmark } from "./seed-search";

const CONNECTIONS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const POPULAR = 2_000;
const TARGET_P95_MS = 25;
const TARGET_SHARE = 0.3;
const ACCEPT_ENCODING = "gzip, deflate, br";

const coachCount = (() => {
  const at = process.argv.indexOf("--coaches");
  return at < 0 ? 100_000 : Number(process.argv[at + 1]);
})();
const databaseUrl =
  process.env.DATABASE_URL ?? (coachCount === BENCH_COACHES ? DEFAULT_BENCH_DATABASE_URL : `${DEFAULT_BENCH_DATABASE_URL}_${coachCount}`);

type Run = { perSecond: number; p50: number; p95: number; p99: number; errors: number; requests: number };

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(baseUrl: string, pathFor: () => string, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "accept-encoding": ACCEPT_ENCODING },
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: pathFor() }) }],
  });
  instance.on("response", (_client, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode !== 200) errors++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
    requests: latencies.length,
  };
}

/** Each path once, CONNECTIONS at a time. */
async function visitEach(baseUrl: string, paths: string[]): Promise<void> {
  let next = 0;
  const visitor = async () => {
    while (next < paths.length) {
      const answer = await fetch(`${baseUrl}${paths[next++]}`, { headers: { "accept-encoding": ACCEPT_ENCODING } });
      await answer.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, visitor));
}

async function main(): Promise<void> {
  const database = await openBenchDatabase(databaseUrl);
  const counted = await database.db.execute(
    sql`select (select count(*) from coaches)::int as coaches, (select count(*) from time_slots)::int as slots, exists (select 1 from reviews) as reviewed`,
  );
  const seeded = (counted as unknown as { rows: { coaches: number; slots: number; reviewed: boolean }[] }).rows[0]!;
  if (seeded.coaches !== coachCount || seeded.slots !== coachCount * BENCH_SLOTS_PER_COACH || !seeded.reviewed) {
    console.log(`Seeding ${coachCount} coaches first (bench/seed-search.ts)...`);
    await seedSearchBenchmark(database, coachCount);
  }
  const idRows = await database.db.execute(sql`select id from coaches order by id`);
  const ids = (idRows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  await database.close();
  console.log(
    `${ids.length} coaches; load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  await buildCompiledServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-bench-ssr-"));
  const port = await freePort();
  const server = await startCompiledServer(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      APP_URL: `http://127.0.0.1:${port}`,
      // The load comes from one address: the visitor read limit (DESIGN 11) would answer most of it 429.
      PUBLIC_READ_LIMIT: "1000000000",
      LOG_LEVEL: "error",
    },
    port,
  );
  // The server's database notifications, sent as another process's change would arrive.
  const notifier = new pg.Client({ connectionString: databaseUrl });
  await notifier.connect();
  let failed = false;
  try {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const popular = ids.slice(0, Math.min(POPULAR, ids.length));
    const pick = () => (random() < 0.8 ? popular[Math.floor(random() * popular.length)]! : ids[Math.floor(random() * ids.length)]!);
    const coachPath = () => `/coach/${pick()}`;

    // Is the page what a visitor gets? Its coach's name in the HTML, status 200.
    const sample = await fetch(`${server.url}/coach/${popular[0]}`);
    const html = await sample.text();
    if (sample.status !== 200 || !/Coach Number \d+/.test(html)) throw new Error(`the coach page did not draw (${sample.status})`);
    console.log(`A coach page: ${(html.length / 1024).toFixed(1)} KiB of HTML with the profile in it`);

    // A server that has run a while holds the popular pages: each once, then the mix for 5 s.
    console.log(`Warm-up: the ${popular.length} popular coach pages once, then 5 s of the mix`);
    await visitEach(
      server.url,
      popular.map((id) => `/coach/${id}`),
    );
    await measure(server.url, coachPath, 5);

    const health = await measure(server.url, () => "/api/health", DURATION_SECONDS);
    // Changes under load: a visited coach's title, announced on the database's channel.
    let changes = 0;
    const changing = setInterval(() => {
      const coachId = popular[changes % popular.length]!;
      changes++;
      void notifier
        .query("update coaches set title = $1 where id = $2", [`Lacrosse Coach (${changes})`, coachId])
        .then(() => notifier.query("select pg_notify('calendar_events', $1)", [JSON.stringify({ type: "coach_updated", coachId })]));
    }, 2_000);
    const pages = await measure(server.url, coachPath, DURATION_SECONDS);
    // For the record, not a target: the popular pages alone, nearly all kept (a coach's change
    // still drops one every 2 s), which shows what a kept page costs apart from the drawings.
    const kept = await measure(server.url, () => `/coach/${popular[Math.floor(random() * popular.length)]}`, DURATION_SECONDS / 2);
    clearInterval(changing);

    const share = pages.perSecond / health.perSecond;
    const rss = Number((await runText("ps", ["-o", "rss=", "-p", String(server.child.pid)])).trim()) / 1024;
    console.log(
      `health: ${health.perSecond.toFixed(0)} req/s, p50 ${health.p50.toFixed(1)} ms, p95 ${health.p95.toFixed(1)} ms (${health.errors} errors)`,
    );
    console.log(
      `ssr coach page: p50 ${pages.p50.toFixed(1)} ms, p95 ${pages.p95.toFixed(1)} ms, p99 ${pages.p99.toFixed(1)} ms, ${pages.perSecond.toFixed(0)} req/s, share ${(share * 100).toFixed(0)}% of /api/health`,
    );
    console.log(
      `popular pages only (kept): p50 ${kept.p50.toFixed(1)} ms, p95 ${kept.p95.toFixed(1)} ms, p99 ${kept.p99.toFixed(1)} ms, ${kept.perSecond.toFixed(0)} req/s, share ${((kept.perSecond / health.perSecond) * 100).toFixed(0)}% of /api/health`,
    );
    console.log(
      `${pages.requests} pages, ${pages.errors} errors, ${changes} coach changes during the run; server resident ${rss.toFixed(0)} MB`,
    );
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    if (pages.p95 >= TARGET_P95_MS) {
      console.error(`FAIL: p95 ${pages.p95.toFixed(1)} ms, target under ${TARGET_P95_MS} ms`);
      failed = true;
    }
    if (share < TARGET_SHARE) {
      console.error(`FAIL: share ${(share * 100).toFixed(0)}%, target at least ${TARGET_SHARE * 100}%`);
      failed = true;
    }
    if (pages.errors > 0 || health.errors > 0 || kept.errors > 0) {
      console.error("FAIL: answers other than 200");
      failed = true;
    }
  } finally {
    await notifier.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

function runText(command: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(command, args);
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", () => resolve(out));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
