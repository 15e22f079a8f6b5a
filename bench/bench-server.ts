/**
 * The real server for a benchmark, in a child process so that the load generator (in the parent)
 * does not share its event loop: createApp + bootstrap on the benchmark's PostgreSQL database,
 * SEED_DEMO=false, LOG_LEVEL=error (request logs, refused bookings included, would measure the terminal, not the app).
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../src/server/app";
import type { AppDeps } from "../src/server/deps";
import { bootstrap } from "../src/server/boot";
import { loadConfig } from "../src/server/config";

export type ServerReady = { port: number; rssMb: number } & Record<string, unknown>;
export type ServerMemory = { rssMb: number; heapMb: number };

/** In the child: starts the app, runs `prepare` before listening and sends its result with the port. */
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

export async function serveInChild(databaseUrl: string, prepare: (deps: AppDeps) => Promise<Record<string, unknown>> = async () => ({})) {
  const { config, dataDir } = benchConfig(databaseUrl);
  const deps = await bootstrap(config);
  const prepared = await prepare(deps);
  const server = createApp(deps).listen(0, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    process.send!({ ...prepared, port, rssMb: process.memoryUsage().rss / 2 ** 20 } satisfies ServerReady);
  });
  process.on("message", (message) => {
    if (message === "memory") {
      const memory = process.memoryUsage();
      process.send!({ rssMb: memory.rss / 2 ** 20, heapMb: memory.heapUsed / 2 ** 20 } satisfies ServerMemory);
    }
  });
  process.on("disconnect", () => {
    server.close();
    void deps.database.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/** In the parent: runs `script --serve` in a child and waits until it listens. */
export async function startServerChild(
  script: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; baseUrl: string; ready: ServerReady }> {
  const child = fork(script, [...process.argv.slice(2), "--serve"], {
    // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    execArgv: [
      "--import",
      "tsx",
      // The server's heap settings as `npm start` gives them (package.json).
      "--max-semi-space-size=32",
      ...(process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
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
