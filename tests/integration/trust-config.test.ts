import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@server/config";

/** Issue 28: configurations that would leave money or addresses unprotected refuse to start, naming the variable. */
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lacrosse-config-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32), ...env });
const messageOf = (env: Record<string, string>) => {
  try {
    config(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("start-up refusals", () => {
  it("Stripe without STRIPE_WEBHOOK_SECRET is refused in one line naming it; with it, or simulated, it starts", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };
    const message = messageOf(keys);
    expect(message).toContain("STRIPE_WEBHOOK_SECRET");
    expect(message).not.toContain("\n");
    expect(messageOf({ ...keys, NODE_ENV: "production" })).toContain("STRIPE_WEBHOOK_SECRET");
    expect(config({ ...keys, STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe?.webhookSecret).toBe("whsec_x");
    expect(config({ ...keys, PAYMENTS_PROVIDER: "simulated" }).stripe).toBeUndefined();
  });

  it("TRUST_PROXY=0.0.0.0/0 or ::/0 (every client a proxy) is refused, naming the variable; real proxies are accepted", () => {
    for (const everyone of ["0.0.0.0/0", "::/0", "10.0.0.1, 0.0.0.0/0", "::ffff:0.0.0.0/0"]) {
      const message = messageOf({ TRUST_PROXY: everyone });
      expect(message).toContain("TRUST_PROXY");
      expect(message).not.toContain("\n");
    }
    expect(config({ TRUST_PROXY: "10.0.0.0/8, loopback" }).trustProxy).toEqual(["10.0.0.0/8", "loopback"]);
    expect(config({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
  });
});
