import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { bootstrap } from "@server/boot";
import { loadConfig } from "@server/config";

const dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-persist-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The embedded database as `npm start` runs it: PGlite files under DATA_DIR/db. */
async function start() {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const deps = await bootstrap(config);
  return { deps, app: createApp(deps) };
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)("the embedded database", () => {
  it("keeps accounts and sessions across a restart, and migrates an existing database without loss", async () => {
    const first = await start();
    const agent = request.agent(first.app);
    const registered = await agent
      .post("/api/auth/register")
      .send({ email: "keeps@example.com", password: "secret123", firstName: "Kay", lastName: "Keeps" });
    expect(registered.status).toBe(201);
    const cookie = registered.get("Set-Cookie") ?? [];
    await first.deps.database.close();

    const second = await start();
    try {
      const me = await request(second.app).get("/api/auth/user").set("Cookie", cookie);
      expect(me.status).toBe(200);
      expect(me.body.email).toBe("keeps@example.com");
      const login = await request(second.app).post("/api/auth/login").send({ email: "keeps@example.com", password: "secret123" });
      expect(login.status).toBe(200);
    } finally {
      await second.deps.database.close();
    }
  }, 120_000);
});
