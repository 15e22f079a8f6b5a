import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, stopProcess, waitForHealth } from "./support/processes";

/**
 * `npm ci && ENABLE_TEST_CLOCK=true npm start` on a fresh clone: the first start builds (client and
 * server) and must not leave NODE_ENV=production behind (the config refuses the test clock then);
 * the second start finds the build fresh and starts the compiled server at once.
 */
const repo = path.resolve(import.meta.dirname, "../..");
const clone = mkdtempSync(path.join(tmpdir(), "lacrosse-clone-"));
const dataDirs: string[] = [];

afterAll(() => {
  rmSync(clone, { recursive: true, force: true });
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function copyClone(): void {
  const tsconfigs = ["tsconfig.json", "tsconfig.base.json", "tsconfig.client.json", "tsconfig.server.json", "tsconfig.tests.json"];
  for (const entry of ["src", "scripts", "package.json", "package-lock.json", "vite.config.ts", ...tsconfigs]) {
    cpSync(path.join(repo, entry), path.join(clone, entry), { recursive: true });
  }
  symlinkSync(path.join(repo, "node_modules"), path.join(clone, "node_modules"), "dir");
}

async function startOnce(): Promise<{ child: ChildProcess; output: () => string; url: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-start-"));
  dataDirs.push(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ENABLE_TEST_CLOCK: "true",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
  };
  // As on a developer's shell: vitest's own NODE_ENV=test must not hide the bug.
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: clone, env, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout!.on("data", (d) => (text += d));
  child.stderr!.on("data", (d) => (text += d));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => text, 240_000);
  return { child, output: () => text, url };
}

describe("npm start on a fresh clone with ENABLE_TEST_CLOCK=true", () => {
  it("builds the client and the server on the first start, then starts the compiled server without building", async () => {
    copyClone();
    expect(existsSync(path.join(clone, "dist"))).toBe(false);

    const first = await startOnce();
    try {
      expect(first.output()).toContain("Building the client and server");
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      const clock = await fetch(`${first.url}/api/test/clock`);
      expect(clock.status).toBe(200);
      expect(Date.parse(((await clock.json()) as { now: string }).now)).not.toBeNaN();
      // The built client is served too.
      expect(await (await fetch(`${first.url}/`)).text()).toContain('<div id="root">');
    } finally {
      await stopProcess(first.child);
    }
    expect(existsSync(path.join(clone, "dist/server/main.js"))).toBe(true);
    expect(existsSync(path.join(clone, "dist/server/migrations/meta/_journal.json"))).toBe(true);

    const second = await startOnce();
    try {
      expect(second.output()).not.toContain("Building");
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${second.url}/api/test/clock`)).status).toBe(200);
    } finally {
      await stopProcess(second.child);
    }
  }, 300_000);
});
