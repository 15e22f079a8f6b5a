import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { ConfigError, loadConfig } from "@server/config";
import { createLogger } from "@server/logger";
import { randomClientIp } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/** Issue 13, production defaults and logs: nothing unsafe happens because a variable was forgotten. */
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-config-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: "production-secret-0123456789", ...env });

describe("production defaults", () => {
  it("refuses to start without a payment provider chosen: the simulator never takes money by accident", () => {
    expect(() => production()).toThrow(ConfigError);
    expect(() => production()).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => production({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(production({ PAYMENTS_PROVIDER: "simulated" }).stripe).toBeUndefined();
    const stripe = production({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(stripe.stripe?.secretKey).toBe("sk_live_x");
    // Chosen explicitly, the simulator wins over keys that happen to be set.
    expect(production({ PAYMENTS_PROVIDER: "simulated", STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk" }).stripe).toBeUndefined();
  });

  it("seeds no demo accounts unless SEED_DEMO=true is given", () => {
    expect(production({ PAYMENTS_PROVIDER: "simulated" }).seedDemo).toBe(false);
    expect(production({ PAYMENTS_PROVIDER: "simulated", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(20) }).seedDemo).toBe(true);
  });

  it("refuses the test clock", () => {
    expect(() => production({ PAYMENTS_PROVIDER: "simulated", ENABLE_TEST_CLOCK: "true" })).toThrow(/ENABLE_TEST_CLOCK/);
  });

  it("believes no X-Forwarded-For unless TRUST_PROXY names the proxies", () => {
    const dev = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(20), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(dev()).toBe(false);
    expect(dev("")).toBe(false);
    expect(dev("2")).toBe(2);
    expect(dev("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"]);
    for (const bad of ["true", "everyone", "10.0.0.0/99", "1.2.3"]) expect(() => dev(bad)).toThrow(/TRUST_PROXY/);
  });
});

describe("logs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it("carry no passwords, tokens, OAuth codes, e-mail addresses or phone numbers", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("debug", sink);
    const app = createApp({
      ...t.deps,
      logger,
      mailer: { send: async (m) => logger.info({ to: m.to, subject: m.subject }, "e-mail sent") },
    });
    const email = "secret-person@example.com";
    const password = "hunter2-hunter2";
    const agent = request.agent(app);
    await agent
      .post("/api/auth/register")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email, password, firstName: "S", lastName: "P" });
    await agent.put("/api/user/preferences").send({ phoneNumber: "(410) 555-0199" });
    await request(app).post("/api/auth/forgot-password").set("X-Forwarded-For", randomClientIp()).send({ email });
    await request(app).get("/api/auth/google/callback?code=oauth-code-123&state=state-456");
    await request(app).get("/api/calendar.ics?token=feed-token-789");
    logger.info({ user: { email, phoneNumber: "4105550199" }, passwordHash: "$argon2id$v=19$abc" }, "a careless log line");

    const log = lines.join("");
    expect(log).toContain("e-mail sent"); // the lines were written
    for (const secret of [email, password, "555-0199", "4105550199", "oauth-code-123", "state-456", "feed-token-789", "$argon2id$"]) {
      expect(log).not.toContain(secret);
    }
  });
});
