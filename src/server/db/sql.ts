import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db, Tx } from "./client";

/** A database handle or a transaction: repositories accept either. */
export type Queryable = Db | Tx;

/** An instant as a SQL timestamptz literal (raw SQL and comparisons against the test clock's time). */
export function instant(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

/**
 * A query on every request's path, built once per database and prepared on each connection
 * (drizzle's building of a query costs more CPU than PostgreSQL's answering of a simple one).
 * Its parameters are `sql.placeholder`s; instants go in as ISO strings cast with `::timestamptz`.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/** Turns drizzle's SQL into a statement's text and parameters (for statements sent to `pg` by name). */
export const sqlDialect = new PgDialect();

/**
 * On a PostgreSQL server, runs the statement as a named prepared statement: each pooled
 * connection parses it once, and after five runs PostgreSQL may keep a generic plan, which saves
 * the planning (for the wide reads on a request's path, often longer than their execution:
 * docs/performance-log.md, 30 November 2026, morning). PGlite runs it as usual. The name is
 * derived from the text, so a different text can never reuse another's statement.
 */
export async function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return db.execute(query);
  const { sql: text, params } = sqlDialect.sqlToQuery(query);
  return client.query({ name: statementName(text), text, values: params });
}

/** The prepared statement's name for a text: the same on every connection, distinct for every text. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

const statementNames = new Map<string, string>();

/** drizzle's execute() answers { rows } on node-postgres and on PGlite, typed differently. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}

/**
 * True when the error is PostgreSQL's unique violation (23505), of `constraint` when one is named.
 * Drizzle wraps the driver's error (pg or PGlite), so the PostgreSQL error may sit in `cause`.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    const pgErr = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (pgErr.code === "23505") {
      if (constraint === undefined || pgErr.constraint === constraint || pgErr.message?.includes(constraint)) return true;
    }
    if (pgErr.cause === e) break;
    e = pgErr.cause;
  }
  return false;
}

/** True when the error is PostgreSQL's foreign key violation (23503), found as isUniqueViolation finds its own. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    const pgErr = e as { code?: string; cause?: unknown };
    if (pgErr.code === "23503") return true;
    if (pgErr.cause === e) break;
    e = pgErr.cause;
  }
  return false;
}

/**
 * The first row a statement returned, when it must return one: an insert or update ... returning,
 * or an aggregate such as count(*). A missing row is a bug (or a row deleted underneath), never
 * input a client sent, so it throws rather than letting `undefined` travel on as a row.
 */
export function returnedRow<T>(rows: readonly T[], what = "a row"): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`The statement returned no row (expected ${what})`);
  return row;
}

/** One parameter whatever the number of ids, so that the statement text (and its prepared plan) stays the same. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${intArrayText(ids)}::int[]`;
}

/** Ids as a PostgreSQL array literal (`{1,2,3}`), whole numbers only. */
export function intArrayText(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
}
