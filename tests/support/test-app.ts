import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "@server/app";
import { bootstrap } from "@server/boot";
import { loadConfig } from "@server/config";
import type { AppDeps } from "@server/deps";
import { createAppServer } from "@server/http/app-server";
import { standIn } from "./stand-in";

export type TestApp = {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** A supertest agent that keeps cookies, like one browser. */
  agent(): ReturnType<typeof request.agent>;
  /** Messages written to DATA_DIR/outbox, oldest first. */
  outbox(): OutboxMessage[];
  /** Listens on an ephemeral port (for WebSocket or browser tests); returns the base URL. */
  listen(): Promise<string>;
  /** The server listen() started (the app's own, http/app-server.ts). */
  server(): Server;
  close(): Promise<void>;
};

export type OutboxMessage = { file: string; channel: "email" | "sms"; recipient: string; headers: Record<string, string>; body: string };

/**
 * One test file's app: started before its tests (beforeAll) and closed after them (afterAll). The
 * answer stands for the app started, so a file reads `const t = useTestApp();` then `t.app`,
 * `t.outbox()`, as with startTestApp's answer.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startTestApp(env);
  });
  afterAll(async () => {
    await current?.close();
  });
  return standIn(() => current, "The test app");
}

/**
 * Starts the real app in this process against a real database: a fresh PGlite in memory, or, when
 * TEST_DATABASE_URL is set (CI's second run), a fresh database on that PostgreSQL server.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-test-"));
  const { databaseUrl, dropDatabase } = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    ENABLE_TEST_CLOCK: "true",
    LOG_LEVEL: "silent",
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    APP_URL: "http://localhost:5000",
    // Tests play the proxy: supertest connects over loopback and names each made-up client in
    // X-Forwarded-For, so suites that sign up many users do not share one address's limits.
    // Tests of the default (no proxy believed) pass TRUST_PROXY: "".
    TRUST_PROXY: "loopback",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const deps = await bootstrap({ ...config, dataDir: config.dataDir }, databaseUrl ? {} : { database: await memoryDatabase() });
  const app = createApp(deps);
  let server: Server | undefined;
  return {
    deps,
    app,
    dataDir,
    agent: () => request.agent(app),
    outbox: () => readOutbox(dataDir),
    async listen() {
      server = createAppServer(app).listen(0, "127.0.0.1");
      await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("no address");
      return `http://127.0.0.1:${address.port}`;
    },
    server() {
      if (!server) throw new Error("listen() first");
      return server;
    },
    async close() {
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await deps.outbox.drain();
      await deps.database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function memoryDatabase() {
  const { openDatabase } = await import("@server/db/client");
  return openDatabase({ dataDir: "memory://", loadDataDir: await migratedTemplate() });
}

/**
 * A PGlite database already migrated and holding the reference data, as a dump every test app
 * starts from: a fresh PGlite that migrates and loads the ZIP table itself took 3-6 s on the
 * CI machine, a loaded dump about 1-2 s, and the integration suite starts about 150 apps. Made
 * once per set of migrations and per PGlite version (in the system's temp folder, shared by the
 * test processes: written under another name, then renamed, so no process reads a half-written
 * file); bootstrap's own migrate and reference load then find nothing to do.
 */
let template: Promise<Blob> | undefined;
/** Made or read once per test process: a file that starts several apps hashes the migrations once. */
const migratedTemplate = () => (template ??= makeOrReadTemplate());

async function makeOrReadTemplate(): Promise<Blob> {
  const migrationsDir = path.join(import.meta.dirname, "../../src/server/db/migrations");
  const hash = createHash("sha256");
  hash.update(readFileSync(path.join(import.meta.dirname, "../../node_modules/@electric-sql/pglite/package.json")));
  for (const file of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.join(import.meta.dirname, "../../src/server/db/reference-data.ts")));
  const file = path.join(tmpdir(), `lacrosse-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet (or removed meanwhile by a test run of other migrations): made here.
  }
  const { dumpData, openDatabase } = await import("@server/db/client");
  const { loadReferenceData } = await import("@server/db/reference-data");
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await database.migrate();
    await loadReferenceData(database.db);
    const dump = await dumpData(database);
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    // Templates of earlier migrations are of no more use (66 MB each).
    for (const old of readdirSync(tmpdir()).filter((name) => /^lacrosse-pglite-template-[0-9a-f]{16}\.tar$/.test(name))) {
      if (path.join(tmpdir(), old) !== file) rmSync(path.join(tmpdir(), old), { force: true });
    }
    return dump;
  } finally {
    await database.close();
  }
}

async function freshDatabase(): Promise<{ databaseUrl?: string; dropDatabase: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { dropDatabase: async () => {} };
  const name = `lacrosse_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dropDatabase: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const text = readFileSync(path.join(dir, file), "utf8");
    const [head = "", ...rest] = text.split("\n\n");
    const headers: Record<string, string> = {};
    for (const line of head.split("\n")) {
      const i = line.indexOf(":");
      if (i > 0) headers[line.slice(0, i)] = line.slice(i + 1).trim();
    }
    const channel = file.includes("-sms-") ? "sms" : "email";
    return { file, channel, recipient: headers.To ?? "", headers, body: rest.join("\n\n").trimEnd() };
  });
}
