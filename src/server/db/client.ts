import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { AsyncResource } from "node:async_hooks";
import pg from "pg";
import type { Logger } from "pino";
import * as schema from "./schema/index";
import { countStatement } from "./statement-count";

export type Schema = typeof schema;
/** The one database type the repositories use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Subscribe to a PostgreSQL NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `handler` each time a lost listening connection is open again, with the instant it was
   * lost: what was published in between never arrives, so in-memory copies re-read what changed.
   * PGlite listens in-process and never loses its connection. Returns an unsubscribe function.
   */
  onListenerReconnect?(handler: (lostAt: Date) => void): () => void;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Opens every connection the process books through and runs `prepare` on each (PGlite: its one),
   * before the server listens (boot.ts): the first requests after a start then find their
   * connections open, PostgreSQL's backends with the tables' catalog loaded and the hot statements
   * parsed and planned, instead of paying for it in their own time (PERFORMANCE.md, "Booking under
   * contention"). The pool keeps them open while idle.
   */
  openConnections(prepare: (db: Db) => Promise<void>): Promise<void>;
  /**
   * Runs `work` on one connection, taken from the pool once and given back after (PGlite: its
   * one): a request that would otherwise take a connection for each of its steps waits for one only
   * once, not behind every other request's queries at each step. `work` must use only the `db` it is
   * given (boundTo): a pooled query from inside could wait for a connection that every holder keeps.
   */
  withConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Applies pending migrations; processes started together on one database take turns. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a lock named `name` across every process on this database (a
   * PostgreSQL advisory lock; in PGlite, one process, a queue). `wait: false` skips `fn` and
   * answers undefined when another holder has it.
   */
  exclusive<T>(name: string, fn: () => Promise<T>, options?: { wait?: boolean }): Promise<T | undefined>;
  close(): Promise<void>;
};

// The compiled server (dist/server) carries a copy of the migrations beside its bundle, as the
// sources do beside this file.
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Advisory lock keys share one namespace per database; the first number keeps ours apart from other users'. */
const LOCK_NAMESPACE = 0x1ac0;

/** A stable 31-bit number for a lock name (FNV-1a), so every process derives the same key. */
export function lockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fffffff;
}

/** The database as seen by work running on one of its connections (withConnection), or inside a transaction: everything goes there. */
export function boundTo(database: Database, db: Db): Database {
  return { ...database, db, withConnection: (work) => work(db) };
}

/**
 * `DATABASE_URL` set: a PostgreSQL server through `pg`. Unset: PGlite in `dataDir` (or in memory
 * when dataDir is "memory://"), started from `loadDataDir` when given (a dump of another PGlite's
 * data, `dumpData`: the tests start each app from one made once, already migrated).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  logger?: Logger;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** A PGlite database's whole data folder as a tar (for openDatabase's `loadDataDir`); PostgreSQL has none. */
export async function dumpData(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error("only a PGlite database can be dumped");
  return client.dumpDataDir("none");
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let target: string | undefined;
  if (dataDir && dataDir !== "memory://") {
    mkdirSync(dataDir, { recursive: true });
    target = dataDir;
  }
  const client = countingPgliteStatements(await PGlite.create({ dataDir: target, loadDataDir }));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One process owns a PGlite directory, so a queue per name is the whole lock.
  const queues = new Map<string, Promise<unknown>>();
  const busy = new Set<string>();
  return {
    db,
    kind: "pglite",
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async openConnections(prepare) {
      await prepare(db);
    },
    withConnection: (work) => work(db),
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    async exclusive(name, fn, options) {
      if (options?.wait === false && busy.has(name)) return undefined;
      const previous = queues.get(name) ?? Promise.resolve();
      const run = previous.then(async () => {
        busy.add(name);
        try {
          return await fn();
        } finally {
          busy.delete(name);
        }
      });
      const settled = run.catch(() => {});
      queues.set(name, settled);
      void settled.then(() => {
        if (queues.get(name) === settled) queues.delete(name);
      });
      return run;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Each statement sent to PGlite counted for the request it belongs to (statement-count.ts): its
 * query and exec, and in a transaction BEGIN, COMMIT (or ROLLBACK) and the statements between, as
 * node-postgres sends them one by one.
 */
function countingPgliteStatements(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => {
    countStatement(1, args);
    return query(...args);
  }) as PGlite["query"];
  client.exec = (...args) => {
    countStatement(1, args);
    return exec(...args);
  };
  client.transaction = (callback) => {
    countStatement(2);
    return transaction((tx) =>
      callback({
        ...tx,
        get closed() {
          return tx.closed;
        },
        query: ((...args: Parameters<typeof tx.query>) => {
          countStatement(1, args);
          return tx.query(...args);
        }) as typeof tx.query,
        exec: (...args) => {
          countStatement(1, args);
          return tx.exec(...args);
        },
      }),
    );
  };
  return client;
}

/** Each statement sent on a pooled PostgreSQL connection counted for the request it belongs to (statement-count.ts). */
function countingPgStatements(client: pg.PoolClient): void {
  const query = client.query;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    countStatement(1, args);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof client.query;
}

/**
 * A database that stops answering must not hold requests (and their locks) forever: connecting
 * gives up after 10 s, a statement after 60 s, and a transaction left idle is ended after 60 s.
 */
const PG_TIMEOUTS = { connectionTimeoutMillis: 10_000, statement_timeout: 60_000, idle_in_transaction_session_timeout: 60_000 };

/**
 * A process's connections to PostgreSQL, all opened at start (openConnections) and kept while idle
 * (`min`): a connection closed after a quiet spell would make the next busy second open it again,
 * with a backend that loads its catalog and plans its statements anew.
 */
const POOL_SIZE = 10;

async function openPostgres(url: string, logger?: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, min: POOL_SIZE, ...PG_TIMEOUTS });
  // A broken idle connection must not crash the process (the next query gets a fresh one), but an
  // operator sees it: a database restart or a network cut shows in the logs.
  pool.on("error", (err) => logger?.error({ err }, "an idle database connection failed"));
  // Every statement of the process goes through one of the pool's connections (pool.query too).
  pool.on("connect", countingPgStatements);
  // A request that waits for a connection is called back by pg-pool from the code of the request
  // that gave one back: its statements then ran in, and were counted for (statement-count.ts), the
  // giver's request. Bound to its own, a waiter counts as itself (bench:peak's busiest booking
  // showed 11 statements: its 10 and the next request's session).
  // (Bound by hand: AsyncResource.bind costs about 15 microseconds a call, defining a deprecated
  // property on the bound function; a busy process connects hundreds of times a second.)
  const connect = pool.connect.bind(pool);
  type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;
  pool.connect = ((callback?: ConnectCallback) => {
    if (!callback) return connect();
    const caller = new AsyncResource("pg-pool.connect");
    return connect((...args: Parameters<ConnectCallback>) => caller.runInAsyncScope(callback, undefined, ...args));
  }) as typeof pool.connect;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  /** One Db per pooled connection, kept while it lives: the statements prepared per Db (preparedPerDb) are built once each. */
  const connectionDbs = new WeakMap<pg.PoolClient, Db>();
  const dbOfConnection = (client: pg.PoolClient): Db => {
    let own = connectionDbs.get(client);
    if (!own) connectionDbs.set(client, (own = drizzlePg(client, { schema }) as unknown as Db));
    return own;
  };
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<(lostAt: Date) => void>();
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  /** When the listening connection was lost; undefined while it is up. */
  let lostAt: Date | undefined;

  /**
   * One connection per process holds every LISTEN. When it is lost (a restart of the database, a
   * network cut, an idle timeout), it is opened again with the same channels, retrying with a
   * growing delay; what was published meanwhile is lost, which the subscribers' caches bound with
   * their own expiry.
   */
  function getListener(): Promise<pg.Client> {
    listener ??= connectListener().catch((err: unknown) => {
      listener = undefined;
      throw err;
    });
    return listener;
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_TIMEOUTS.connectionTimeoutMillis });
    client.on("error", () => {}); // followed by "end", which reconnects
    client.on("notification", (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    client.once("end", () => {
      listener = undefined;
      lostAt ??= new Date();
      if (!closed) reconnect(250);
    });
    if (lostAt) {
      const since = lostAt;
      lostAt = undefined;
      for (const handler of reconnectHandlers) handler(since);
    }
    return client;
  }

  function reconnect(delayMs: number): void {
    setTimeout(() => {
      if (closed) return;
      getListener().catch(() => reconnect(Math.min(delayMs * 2, 30_000)));
    }, delayMs).unref();
  }

  /**
   * A session-level advisory lock on a connection of its own, held while `fn` runs on the pool. A
   * process that dies loses its connection and so its lock: nothing is left locked by a crash.
   */
  async function exclusive<T>(name: string, fn: () => Promise<T>, options?: { wait?: boolean }): Promise<T | undefined> {
    const key = lockKey(name);
    const holder = await pool.connect();
    // Until the lock query answers, the connection's state is unknown.
    let healthy = false;
    try {
      if (options?.wait === false) {
        const { rows } = await holder.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [LOCK_NAMESPACE, key]);
        healthy = true;
        if (!rows[0]?.locked) return undefined;
      } else {
        await holder.query("select pg_advisory_lock($1, $2)", [LOCK_NAMESPACE, key]);
        healthy = true;
      }
      try {
        return await fn();
      } finally {
        await holder.query("select pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, key]).catch(() => {
          healthy = false;
        });
      }
    } finally {
      // A connection whose unlock may not have happened is closed, which releases the lock for sure.
      holder.release(!healthy);
    }
  }

  return {
    db,
    kind: "postgres",
    async listen(channel, onMessage) {
      const client = await getListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    onListenerReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async openConnections(prepare) {
      const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
      // A connection whose statements failed is closed rather than kept half-prepared.
      const results = await Promise.allSettled(clients.map((client) => prepare(dbOfConnection(client))));
      clients.forEach((client, i) => client.release(results[i]?.status === "rejected"));
      const failed = results.find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
    },
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work(dbOfConnection(client));
      } finally {
        // pg-pool closes a connection that can no longer be queried rather than lend it again.
        client.release();
      }
    },
    async migrate() {
      // Without the lock, two processes starting on an empty database race on CREATE TABLE and one
      // fails on a duplicate pg_type key; with it the second waits, then finds nothing to do.
      await exclusive("migrations", () => migratePg(db as never, { migrationsFolder }));
    },
    exclusive,
    async close() {
      closed = true;
      await listener?.then((client) => client.end()).catch(() => {});
      await pool.end();
    },
  };
}
