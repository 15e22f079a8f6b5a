// Loaded into each server process of `npm run bench:peak` (node --import), never into production:
// times every SQL statement the process sends through `pg` (from the call until its answer is
// handed back, so it includes the trip to PostgreSQL and any wait of the process's event loop) and
// counts the statements each HTTP request runs. PostgreSQL's own pg_stat_statements needs
// shared_preload_libraries, which only a server restart loads (docs/PERFORMANCE.md, "Saturday
// morning"). The parent talks to it over the IPC channel: "peak-sql-reset" starts the steady phase
// afresh, "peak-sql-report" answers the figures.
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import pg from "pg";

/** Histogram buckets of 0.05 ms up to 100 ms, then one per 10 ms up to 10 s (bench/peak.ts reads them the same way). */
const FINE = 2000;
const COARSE = 1000;
const bucketOf = (ms) => (ms < 100 ? Math.floor(ms * 20) : Math.min(FINE + COARSE - 1, FINE + Math.floor((ms - 100) / 10)));
const msOf = (bucket) => (bucket < FINE ? (bucket + 1) / 20 : 100 + (bucket - FINE + 1) * 10);

let statements = new Map();
let mostInRequest = { count: 0, request: "", texts: [] };
const requests = new AsyncLocalStorage();

function record(text, ms) {
  let entry = statements.get(text);
  if (!entry) statements.set(text, (entry = { calls: 0, totalMs: 0, maxMs: 0, buckets: new Uint32Array(FINE + COARSE) }));
  entry.calls++;
  entry.totalMs += ms;
  if (ms > entry.maxMs) entry.maxMs = ms;
  entry.buckets[bucketOf(ms)]++;
}

function percentile(entry, p) {
  const wanted = Math.ceil((p / 100) * entry.calls);
  let seen = 0;
  for (let i = 0; i < entry.buckets.length; i++) {
    seen += entry.buckets[i];
    if (seen >= wanted) return msOf(i);
  }
  return entry.maxMs;
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function timedQuery(config, values, callback) {
  const text = typeof config === "string" ? config : (config?.text ?? config?.name ?? "");
  const request = requests.getStore();
  if (request) {
    request.statements++;
    request.texts.push(text.replace(/\s+/g, " ").slice(0, 120));
  }
  const started = performance.now();
  const done = () => record(text, performance.now() - started);
  const cb = typeof values === "function" ? values : typeof callback === "function" ? callback : config?.callback;
  if (typeof cb === "function") {
    const wrapped = (err, res) => {
      done();
      cb(err, res);
    };
    if (typeof values === "function") return query.call(this, config, wrapped);
    if (typeof callback === "function") return query.call(this, config, values, wrapped);
    config.callback = wrapped;
    return query.call(this, config, values);
  }
  const result = query.call(this, config, values);
  if (result && typeof result.then === "function") result.then(done, done);
  return result;
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function countedEmit(event, req, res) {
  if (event !== "request") return emit.apply(this, arguments);
  const store = { statements: 0, texts: [] };
  res.once("finish", () => {
    // The product's own count when the answer carries it (COUNT_SQL_STATEMENTS, bench/peak.ts): it
    // leaves out the upkeep a request only sets off (the rate limiter's clean-up of expired rows,
    // one request in a hundred), which this probe's count takes in.
    const counted = Number(res.getHeader("x-sql-statements"));
    const statements = Number.isFinite(counted) ? counted : store.statements;
    if (statements > mostInRequest.count)
      mostInRequest = { count: statements, request: `${req.method} ${String(req.url).split("?")[0]}`, texts: store.texts };
  });
  return requests.run(store, () => emit.apply(this, arguments));
};

process.on("message", (message) => {
  if (message === "peak-sql-reset") {
    statements = new Map();
    mostInRequest = { count: 0, request: "", texts: [] };
    process.send?.({ peakSqlReset: true });
  } else if (message === "peak-sql-report") {
    const list = [...statements].map(([text, e]) => ({
      text: text.replace(/\s+/g, " ").slice(0, 160),
      calls: e.calls,
      meanMs: e.totalMs / e.calls,
      p95Ms: percentile(e, 95),
      maxMs: e.maxMs,
      // The histogram's non-empty buckets, [index, count]: the parent merges the processes' (bucketMs in bench/peak.ts).
      buckets: [...e.buckets.entries()].filter(([, n]) => n > 0),
    }));
    process.send?.({ peakSqlReport: { statements: list, mostInRequest, rssMb: process.memoryUsage().rss / 2 ** 20 } });
  }
});
