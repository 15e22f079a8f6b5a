import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStatementCounter, type StatementCounter } from "@server/db/statement-count";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * Statements per request (PERFORMANCE.md) are counted by the request's async context. On
 * PostgreSQL, more requests than connections wait for one, and the pool hands a connection given
 * back to a waiter: the waiter's statements must still count as its own, not the giver's.
 */
describe("statements counted per request while requests wait for a connection", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("counts each of 40 concurrent pieces of work's two statements as its own", async () => {
    const db = t.deps.database.db;
    const counters: StatementCounter[] = Array.from({ length: 40 }, () => ({ statements: 0 }));
    await Promise.all(
      counters.map((counter, i) =>
        withStatementCounter(counter, async () => {
          await db.execute(sql`select pg_sleep(${(i % 4) / 200})`);
          await db.execute(sql`select 1`);
        }),
      ),
    );
    expect(counters.map((c) => c.statements)).toEqual(counters.map(() => 2));
  });
});
