import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bootstrap } from "@server/boot";
import { loadConfig } from "@server/config";
import { sessions, users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { register } from "@server/features/accounts/accounts.service";
import { findUserByEmail } from "@server/features/accounts/accounts.repository";
import { startTestApp } from "@tests/support/test-app";

const run = promisify(execFile);
/** Each run starts a Node process that opens and migrates a database: slow on a busy machine. */
const SCRIPT_TIMEOUT_MS = 120_000;

/** Runs `npm run admin -- <args>` as a developer would (through tsx, not npm, to keep npm's banner out). */
async function runAdminScript(args: string | string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/server/scripts/make-admin.ts", ...[args].flat()], {
      env: { ...process.env, LOG_LEVEL: "silent", SEED_DEMO: "false", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("npm run admin -- <email>", () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "promotes a verified account in the embedded database, refuses an unverified or unknown e-mail, lists admins and revokes one (ending their sessions)",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "admin-script-"));
      try {
        const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent", SESSION_SECRET: "x".repeat(32) });
        const deps = await bootstrap(config);
        await register(deps, { email: "future-admin@example.com", password: "secret12", firstName: "F", lastName: "A" });
        await deps.database.close();

        // Anyone can register someone else's address: an unverified one is refused, saying why.
        const unverified = await runAdminScript("Future-Admin@example.com", { DATA_DIR: dataDir });
        expect(unverified.code).toBe(1);
        expect(unverified.stderr.trim()).toMatch(/^Future-Admin@example.com is not verified: its owner must follow the verification link/);

        // Its owner follows the link; they are signed in on some device.
        const verifying = await bootstrap(config);
        await verifying.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, "future-admin@example.com"));
        const owner = (await findUserByEmail(verifying.database.db, "future-admin@example.com"))!;
        await startSession(verifying.database.db, owner.id, new Date());
        await verifying.database.close();

        const ok = await runAdminScript("Future-Admin@example.com", { DATA_DIR: dataDir });
        expect(ok.code).toBe(0);
        expect(ok.stdout.trim()).toBe("future-admin@example.com is now an admin.");

        const missing = await runAdminScript("nobody@example.com", { DATA_DIR: dataDir });
        expect(missing.code).toBe(1);
        expect(missing.stderr.trim()).toBe("No account with the e-mail nobody@example.com.");

        const listed = await runAdminScript("--list", { DATA_DIR: dataDir });
        expect(listed.code).toBe(0);
        expect(listed.stdout.trim()).toBe("future-admin@example.com");

        const revoked = await runAdminScript(["--revoke", "future-admin@example.com"], { DATA_DIR: dataDir });
        expect(revoked.code).toBe(0);
        expect(revoked.stdout.trim()).toBe("future-admin@example.com is no longer an admin (now a player); their sessions have ended.");

        const reopened = await bootstrap(config);
        try {
          expect((await findUserByEmail(reopened.database.db, "future-admin@example.com"))?.userType).toBe("player");
          expect(await reopened.database.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(0);
        } finally {
          await reopened.database.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SCRIPT_TIMEOUT_MS * 8,
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "promotes an existing account on a PostgreSQL server",
    async () => {
      const t = await startTestApp();
      try {
        const agent = t.agent();
        await agent
          .post("/api/auth/register")
          .send({ email: "pg-admin@example.com", password: "secret12", firstName: "P", lastName: "G" })
          .expect(201);
        await t.deps.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, "pg-admin@example.com"));
        const dataDir = mkdtempSync(path.join(tmpdir(), "admin-script-"));
        try {
          const ok = await runAdminScript("pg-admin@example.com", { DATA_DIR: dataDir, DATABASE_URL: t.deps.config.databaseUrl! });
          expect(ok.code).toBe(0);
          expect(ok.stdout.trim()).toBe("pg-admin@example.com is now an admin.");
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
        expect((await agent.get("/api/auth/user")).body.userType).toBe("admin");
      } finally {
        await t.close();
      }
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    "prints usage and fails without an e-mail",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "admin-script-"));
      try {
        const res = await run(process.execPath, ["--import", "tsx", "src/server/scripts/make-admin.ts"], {
          env: { ...process.env, DATA_DIR: dataDir },
        }).catch((err: { code: number; stderr: string }) => err);
        expect("code" in res ? res.code : 0).toBe(1);
        expect(res.stderr.trim()).toBe("Usage: npm run admin -- <email> | --list | --revoke <email>");
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SCRIPT_TIMEOUT_MS,
  );
});
