// Loaded into each server process of `npm run bench:peak` (node --import), never into production:
// times every SQL statement the process sends through `pg` (from the call until its answer is
// handed back, so it includes the trip to PostgreSQL and any wait of the process's event loop) and
// counts the statements each HTTP request runs. PostgreSQL's own pg_stat_statements needs
// shared_preload_libraries, which only a server restart loads (docs/PERFORMANCE.md, "Saturday
// morning"). The parent talks to it over the IPC channel: "peak-sql-reset" starts the steady phase
// afresh, "peak-sql-report" answers the figures.
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
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
  const started = performance.now();
  let step;
  if (request) {
    request.statements++;
    request.texts.push(text.replace(/\s+/g, " ").slice(0, 120));
    if (traceSlow) request.trace.push((step = { at: started - request.started, ms: NaN, text }));
  }
  const done = () => {
    const ms = performance.now() - started;
    record(text, ms);
    if (step) step.ms = ms;
  };
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

// The waits for a pooled connection (pg.Pool#connect, which the pool's own query also calls): a
// request whose statements are quick but whose answer is slow may have waited here.
let poolWaits = [];
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function timedConnect(callback) {
  const started = performance.now();
  const waited = () => poolWaits.push(performance.now() - started);
  if (typeof callback === "function")
    return connect.call(this, (err, client, release) => {
      waited();
      callback(err, client, release);
    });
  const result = connect.call(this);
  result.then(waited, waited);
  return result;
};

// PEAK_TRACE_SLOW=1: for up to three requests per route slower than SLOW_MS, when each of their
// statements started (ms after the request arrived) and how long it took, in the report.
const traceSlow = Boolean(process.env.PEAK_TRACE_SLOW);
const SLOW_MS = 50;
let slowTraces = new Map();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function countedEmit(event, req, res) {
  if (event !== "request") return emit.apply(this, arguments);
  const store = { statements: 0, texts: [], started: performance.now(), trace: [] };
  res.once("finish", () => {
    const tookMs = performance.now() - store.started;
    const route = `${req.method} ${String(req.url).split("?")[0].replace(/\d+/g, "N")}`;
    if (traceSlow && tookMs > SLOW_MS && (slowTraces.get(route)?.length ?? 0) < 3) {
      if (!slowTraces.has(route)) slowTraces.set(route, []);
      const steps = store.trace.map((t) => `+${t.at.toFixed(0)} ${t.ms.toFixed(1)} ms ${t.text.replace(/\s+/g, " ").trim().slice(0, 60)}`);
      slowTraces.get(route).push(`${tookMs.toFixed(0)} ms: ${steps.join(" | ")}`);
    }
    // The product's own count when the answer carries it (COUNT_SQL_STATEMENTS, bench/peak.ts): it
    // leaves out the upkeep a request only sets off (the rate limiter's clean-up of expired rows,
    // one request in a hundred), which this probe's count takes in.
    const counted = Number(res.getHeader("x-sql-statements"));
    const statements = Number.isFinite(counted) ? counted : store.statements;
    if (statements > mostInRequest.count)
      mostInRequest = {
        count: statements,
        request: `${req.method} ${String(req.url).split("?")[0]} (the probe saw ${store.statements} in its context)`,
        texts: store.texts,
      };
  });
  return requests.run(store, () => emit.apply(this, arguments));
};

// PEAK_CPU_PROFILE_DIR: a CPU profile of the steady phase alone (from the reset to the report), one
// .cpuprofile per process, for Chrome's DevTools or any profile reader; unset, nothing is profiled.
const profileDir = process.env.PEAK_CPU_PROFILE_DIR;
let profiler;

// How long the event loop was held (a request arriving then waits that long) and the collector's
// pauses, for the steady phase: where a class's tail comes from when its statements are quick.
// The histogram holds each sampling timer's whole interval: its resolution is taken off.
const LOOP_RESOLUTION_MS = 5;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
let gcPauses = { count: 0, totalMs: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcPauses.count++;
    gcPauses.totalMs += entry.duration;
    gcPauses.maxMs = Math.max(gcPauses.maxMs, entry.duration);
  }
}).observe({ entryTypes: ["gc"] });

process.on("message", (message) => void answer(message));

async function answer(message) {
  if (message === "peak-sql-reset") {
    statements = new Map();
    mostInRequest = { count: 0, request: "", texts: [] };
    loopDelay.reset();
    loopDelay.enable();
    gcPauses = { count: 0, totalMs: 0, maxMs: 0 };
    poolWaits = [];
    slowTraces = new Map();
    if (profileDir && !profiler) {
      profiler = new Session();
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.start");
    }
    process.send?.({ peakSqlReset: true });
  } else if (message === "peak-sql-report") {
    if (profiler) {
      const { profile } = await profiler.post("Profiler.stop");
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(path.join(profileDir, `steady-${process.pid}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
      profiler = undefined;
    }
    const list = [...statements].map(([text, e]) => ({
      text: text.replace(/\s+/g, " ").slice(0, 160),
      calls: e.calls,
      meanMs: e.totalMs / e.calls,
      p95Ms: percentile(e, 95),
      maxMs: e.maxMs,
      // The histogram's non-empty buckets, [index, count]: the parent merges the processes' (bucketMs in bench/peak.ts).
      buckets: [...e.buckets.entries()].filter(([, n]) => n > 0),
    }));
    // Where the resident memory is: V8's heap by space (used of committed), and what lies outside it.
    const mb = (bytes) => Math.round(bytes / 2 ** 20);
    const memory = process.memoryUsage();
    const heap = v8
      .getHeapSpaceStatistics()
      .filter((s) => s.space_size > 0)
      .map((s) => `${s.space_name.replace(/_space$/, "")} ${mb(s.space_used_size)}/${mb(s.space_size)}`)
      .join(", ");
    // What is alive: the heap used after a full collection (made once, after the figures above are read).
    v8.setFlagsFromString("--expose-gc");
    runInNewContext("gc")();
    const live = mb(v8.getHeapStatistics().used_heap_size);
    loopDelay.disable();
    const ms = (ns) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS).toFixed(0);
    poolWaits.sort((a, b) => a - b);
    const waitAt = (p) => (poolWaits.length ? poolWaits[Math.min(poolWaits.length - 1, Math.ceil((p / 100) * poolWaits.length) - 1)] : 0);
    const pool = `; ${poolWaits.length} waits for a pooled connection, p50 ${waitAt(50).toFixed(1)} ms, p99 ${waitAt(99).toFixed(1)} ms, max ${(poolWaits.at(-1) ?? 0).toFixed(0)} ms, ${poolWaits.filter((wait) => wait > 10).length} over 10 ms`;
    const memoryLine = `heap used/committed MB: ${heap}; external ${mb(memory.external)} (array buffers ${mb(memory.arrayBuffers)}); rss ${mb(memory.rss)}; live after a full collection ${live}; event loop delay p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms; ${gcPauses.count} collector pauses, ${gcPauses.totalMs.toFixed(0)} ms in all, longest ${gcPauses.maxMs.toFixed(0)} ms${pool}`;
    process.send?.({
      peakSqlReport: { statements: list, mostInRequest, rssMb: memory.rss / 2 ** 20, memoryLine, slowTraces: [...slowTraces] },
    });
  }
}
