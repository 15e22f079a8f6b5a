/**
 * The real server for a benchmark, in a child process so that the load generator (in the parent)
 * does not share its event loop: createApp + bootstrap on the benchmark's PostgreSQL database,
 * SEED_DEMO=false, LOG_LEVEL=error (request logs, refused bookings included, would measure the terminal, not the app).
 */
import { fork, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../src/server/app";
import type { AppDeps } from "../src/server/deps";
import { bootstrap } from "../src/server/boot";
import { loadConfig } from "../src/server/config";
import { createAppServer } from "../src/server/http/app-server";

export type ServerReady = { port: number; rssMb: number; heapBeforeMb: number; heapPreparedMb: number } & Record<string, unknown>;
/** Resident memory now and at its highest since the server listened, heap used, and the heap left after a full collection. */
export type ServerMemory = { rssMb: number; peakRssMb: number; heapMb: number; liveHeapMb: number } & Record<string, unknown>;

/**
 * A benchmark server's configuration, as production runs (simulated payments, no demo data), on
 * `databaseUrl` and a data folder of its own (the caller removes it). TRUST_PROXY and
 * PUBLIC_READ_LIMIT come from the parent when it sets them (startServerChild's env): a benchmark
 * that books from one machine names an address per player, believed only when loopback is trusted
 * as a proxy (DESIGN.md 10).
 */
export function benchConfig(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-bench-"));
  const config = loadConfig({
    NODE_ENV: "production",
    // Production refuses to start without a payment provider named (config.ts).
    PAYMENTS_PROVIDER: "simulated",
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "false",
    LOG_LEVEL: "error",
    DATA_DIR: dataDir,
    PORT: "0",
    ...(process.env.TRUST_PROXY ? { TRUST_PROXY: process.env.TRUST_PROXY } : {}),
    ...(process.env.PUBLIC_READ_LIMIT ? { PUBLIC_READ_LIMIT: process.env.PUBLIC_READ_LIMIT } : {}),
  });
  return { config, dataDir };
}

/** Live heap after a full collection (the child runs with --expose-gc), in MB. */
export function liveHeapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/**
 * In the child: starts the app, runs `prepare` before listening and sends its result with the port,
 * the resident memory and the live heap before and after `prepare`. Resident memory is sampled
 * every 100 ms from then on; "memory" answers the current and highest, the live heap, and `report`.
 */
export async function serveInChild(
  databaseUrl: string,
  prepare: (deps: AppDeps) => Promise<Record<string, unknown>> = async () => ({}),
  report: (deps: AppDeps) => Record<string, unknown> = () => ({}),
) {
  const { config, dataDir } = benchConfig(databaseUrl);
  const deps = await bootstrap(config);
  const heapBeforeMb = liveHeapMb();
  const prepared = await prepare(deps);
  const heapPreparedMb = liveHeapMb();
  let peakRss = process.memoryUsage().rss;
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100).unref();
  let stopHeapSampling = await startHeapSampling();
  const server = createAppServer(createApp(deps)).listen(0, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const rssMb = process.memoryUsage().rss / 2 ** 20;
    process.send!({ ...prepared, port, rssMb, heapBeforeMb, heapPreparedMb } satisfies ServerReady);
  });
  process.on("message", (message) => {
    if (message === "memory") void answerMemory();
  });
  async function answerMemory() {
    const stop = stopHeapSampling;
    stopHeapSampling = undefined;
    await stop?.();
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    process.send!({
      ...report(deps),
      rssMb: memory.rss / 2 ** 20,
      peakRssMb: peakRss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
      liveHeapMb: liveHeapMb(),
    } satisfies ServerMemory);
  }
  process.on("disconnect", () => {
    server.close();
    void deps.database.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/**
 * BENCH_HEAP_SAMPLE=<file>: V8's sampling heap profiler runs from the server's start to the end of
 * the run and writes the allocations that outlived a young-generation collection (live at the end,
 * or collected only by a full one) to <file> (a .heapprofile for Chrome's DevTools): where the
 * objects come from that make scavenges slow and fill the old generation. BENCH_HEAP_SAMPLE_ALL=1
 * adds those a young-generation collection freed: every allocation, for what makes scavenges frequent
 * (pino-http's child logger per request, redacted, was an eighth of them; docs/performance-log.md).
 */
async function startHeapSampling(): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.BENCH_HEAP_SAMPLE;
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: Boolean(process.env.BENCH_HEAP_SAMPLE_ALL),
  });
  return async () => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    writeFileSync(file, JSON.stringify(profile));
  };
}

const compiled = new Map<string, Promise<string>>();

/**
 * The benchmark script compiled as `npm run build` compiles the server (esbuild, one ESM file with
 * the migrations beside it, packages from node_modules), so the server child runs plain JavaScript
 * as `npm start` does: run through tsx instead, its memory held the loader's transpiled sources too.
 */
async function compile(script: string): Promise<string> {
  const { build } = await import("esbuild");
  const root = path.resolve(import.meta.dirname, "..");
  // Inside the project, so that the bundle's packages resolve from its node_modules.
  const cache = path.join(root, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, "lacrosse-bench-"));
  const outfile = path.join(outdir, `${path.basename(script, path.extname(script))}.mjs`);
  await build({
    absWorkingDir: root,
    tsconfig: path.join(root, "tsconfig.server.json"),
    entryPoints: [script],
    outfile,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  cpSync(path.join(root, "src/server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  process.once("exit", () => rmSync(outdir, { recursive: true, force: true }));
  return outfile;
}

/** In the parent: runs `script --serve`, compiled, in a child and waits until it listens. */
export async function startServerChild(
  script: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; baseUrl: string; ready: ServerReady }> {
  let built = compiled.get(script);
  if (!built) compiled.set(script, (built = compile(script)));
  const child = fork(await built, [...process.argv.slice(2), "--serve"], {
    // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    execArgv: [
      // The server's heap settings as `npm start` gives them (package.json).
      "--max-semi-space-size=32",
      "--max-old-space-size=512",
      // Only for the live-heap figures, taken at start and when the parent asks (after the run).
      "--expose-gc",
      ...(process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
      // BENCH_TRACE_GC=1: the server prints each garbage collection and its pause.
      ...(process.env.BENCH_TRACE_GC ? ["--trace-gc"] : []),
      // BENCH_NODE_FLAGS="--flag ...": more Node or V8 flags for the server, to try a setting.
      ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
    ],
    // The load comes from one address: the visitor read limit (DESIGN 11, 600 a minute) would answer most of it 429.
    env: { PUBLIC_READ_LIMIT: "1000000000", ...process.env, DATABASE_URL: databaseUrl, ...env },
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once("message", (m: ServerReady) => resolve(m));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${ready.port}`, ready };
}

export async function serverMemory(child: ChildProcess): Promise<ServerMemory> {
  const answer = new Promise<ServerMemory>((resolve) => child.once("message", resolve));
  child.send("memory");
  return answer;
}

/** The script's entry: the server when started with --serve (by startServerChild), else the benchmark. */
export function runBenchmark(main: () => Promise<void>, serve: () => Promise<void>): void {
  (process.argv.includes("--serve") ? serve() : main()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
