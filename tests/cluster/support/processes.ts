import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "../../..");

/**
 * A free loopback port above 20000 (the house rule for servers started by tests) and below Linux's
 * ephemeral range (32768 and up): a port taken from that range can be handed, between this probe
 * and the server's listen (a first `npm start` builds for a minute), to one of the thousands of
 * outgoing connections the other cluster tests open, and the listen then fails with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_001 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Waits until GET /api/health answers 200; fails early with the process's output when it exits. */
export async function waitForHealth(url: string, child: ChildProcess | undefined, output: () => string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}) before answering:\n${output()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** kill -9: no shutdown, requests in flight cut. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
};

/** Runs the compiled server (dist/server/main.js, from scripts/build.mjs) with the given environment. */
export async function startCompiledServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(listenPort), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env };
  delete fullEnv.NODE_ENV;
  const child = spawn(
    process.execPath,
    [
      "--enable-source-maps",
      ...(process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      path.join(repoRoot, "dist/server/main.js"),
    ],
    {
      cwd: repoRoot,
      env: fullEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let text = "";
  const keep = (d: Buffer) => {
    text += d.toString();
    // Keep the tail only: a long run must not hold every log line.
    if (text.length > 200_000) text = text.slice(-100_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const url = `http://127.0.0.1:${listenPort}`;
  await waitForHealth(url, child, () => text);
  return {
    url,
    port: listenPort,
    child,
    output: () => text,
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGKILL");
      await exited;
    },
    stop: () => stopProcess(child),
  };
}

/** Builds the server (and the client when missing: the server refuses to start without it) in a child process, as npm start does. */
export async function buildCompiledServer(): Promise<void> {
  const parts = existsSync(path.join(repoRoot, "dist/client/index.html")) ? ["server"] : ["client", "server"];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts/build.mjs"), ...parts], { cwd: repoRoot, stdio: "inherit" });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the server build failed (${code})`))));
  });
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped by the returned function.
 * Cluster tests need a server (PGlite is one process); without one they are skipped, unless
 * REQUIRE_CLUSTER=1 (CI), which makes the missing server a failure.
 */
export const clusterDatabaseUrl = process.env.TEST_DATABASE_URL;
export const skipCluster = !clusterDatabaseUrl && process.env.REQUIRE_CLUSTER !== "1";

export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!clusterDatabaseUrl) throw new Error("REQUIRE_CLUSTER=1 but TEST_DATABASE_URL is not set: the cluster tests need PostgreSQL");
  const { default: pg } = await import("pg");
  const name = `lacrosse_cluster_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: clusterDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(clusterDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: clusterDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
