import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, assert, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@server/db/client";
import journal from "@server/db/migrations/meta/_journal.json";
import { describeStartupError } from "@server/startup-error";

/**
 * Several processes started together on one empty PostgreSQL database: each opens its own pool and
 * migrates. Without the advisory lock about a third of such pairs failed on a duplicate pg_type key.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const created: string[] = [];

async function freshDatabaseUrl(): Promise<string> {
  const name = `lacrosse_lock_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (!serverUrl || created.length === 0) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe.skipIf(!serverUrl)("migrations on one fresh PostgreSQL database from several processes", () => {
  it("lets three pools migrate at once, ten times over, and all succeed with every migration applied once", async () => {
    for (let round = 0; round < 10; round++) {
      const url = await freshDatabaseUrl();
      const databases: Database[] = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
      try {
        const results = await Promise.allSettled(databases.map((d) => d.migrate()));
        const failures = results
          .filter((r) => r.status === "rejected")
          .map((r) => describeStartupError((r as PromiseRejectedResult).reason));
        expect(failures, `round ${round}`).toEqual([]);
        const [database] = databases;
        assert.exists(database);
        const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    }
  }, 120_000);

  it("runs an exclusive section in one process at a time, and lets a non-waiting caller skip it", async () => {
    const url = await freshDatabaseUrl();
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const order: string[] = [];
      const first = a.exclusive("sweep:test", async () => {
        order.push("a start");
        await held;
        order.push("a end");
        return "a";
      });
      await expect.poll(() => order.length).toBe(1);
      expect(await b.exclusive("sweep:test", async () => "skipped?", { wait: false })).toBeUndefined();
      const second = b.exclusive("sweep:test", async () => {
        order.push("b");
        return "b";
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(order).toEqual(["a start"]);
      release();
      expect(await Promise.all([first, second])).toEqual(["a", "b"]);
      expect(order).toEqual(["a start", "a end", "b"]);
      // A holder whose work throws still releases the lock.
      await expect(a.exclusive("sweep:test", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
      expect(await b.exclusive("sweep:test", async () => "free", { wait: false })).toBe("free");
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("prints the PostgreSQL error behind a failed statement, not only the wrapper's stack", async () => {
    const url = await freshDatabaseUrl();
    const database = await openDatabase({ databaseUrl: url });
    try {
      await database.db.execute(sql`create table twice (id int)`);
      const err = await database.db.execute(sql`create table twice (id int)`).catch((e: unknown) => e);
      const text = describeStartupError(err);
      expect(text).toContain("Failed query");
      expect(text).toContain('relation "twice" already exists');
      expect(text).toContain('code="42P07"');
    } finally {
      await database.close();
    }
  });
});
