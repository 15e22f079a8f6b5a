/**
 * Saturday morning (issue 46): the whole site at its peak, on a national-size database.
 *
 *   npm run bench:peak                                   (100,000 coaches, 2 processes, 5 minutes steady)
 *   npm run bench:peak -- --coaches 10000 --seconds 30   (the smaller database, a short try)
 *   npm run bench:peak -- --processes 1                  (one process behind nginx, for "How it grows")
 *
 * Options: --users N (visitors at once: autocannon connections, each a visitor after visitor; 100),
 * --think-ms N (the least time between one visitor's requests, from the request's start, paced by
 * autocannon's connectionRate: 1000, 500, 250... or 0 for no pause at all, which measures what the
 * machine can do flat out; 1000). Visitors start spread over one journey's length (see paced).
 *
 * The database comes from bench/seed-national.ts (built when missing, kept between runs) and is read
 * into PostgreSQL's memory before the run, as a server that has run for days holds it
 * (warmDatabaseCache). The server is the compiled one (`npm start`'s dist/server/main.js,
 * production settings, simulated payments, e-mail through SMTP to a stand-in: startMailSink),
 * started as N processes behind nginx (upstream keep-alive, round robin, WebSocket upgrades) as
 * production runs it (DESIGN.md 10). Every process loads bench/peak-sql-probe.mjs, which times each
 * SQL statement and counts the statements of each request. Each autocannon connection plays one
 * visitor's journey of eight requests after another, from an address of its own (X-Forwarded-For,
 * believed as the server trusts loopback): browsing families (search, place pages, coach pages and
 * profiles, open times), families booking and paying by card through the simulated provider,
 * families booking with a package credit, families and coaches messaging (with sockets open for a
 * part of them, which must receive each message once), coaches at their dashboard and earnings,
 * and sign-ins. A warm-up, then the steady phase, then /api/health through the same nginx at the
 * same connections and think time; then the lines a check reads (see printReport).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, createHash } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { WebSocket } from "ws";
import { POSITIONS } from "../src/contract/coach-basics";
import { SEARCH_RADIUS_OPTIONS } from "../src/contract/search";
import type { Database } from "../src/server/db/client";
import { buildCompiledServer, freePort, stopProcess, waitForHealth } from "../tests/cluster/support/processes";
import { startNginx, type Nginx } from "../tests/cluster/support/nginx";
import { p95Bound } from "./p95-bound";
import { ensureNationalSeed, nationalCoachCount, nationalDatabaseUrl, nationalSizes, PEAK_PASSWORD } from "./seed-national";

const root = path.resolve(import.meta.dirname, "..");

function numberArgument(name: string, fallback: number, min: number, max: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} takes a whole number from ${min} to ${max}`);
  return value;
}

const coaches = nationalCoachCount();
const seconds = numberArgument("--seconds", 300, 5, 3600);
const processes = numberArgument("--processes", 2, 1, 8);
const users = numberArgument("--users", 100, 1, 2000);
const thinkMs = numberArgument("--think-ms", 1000, 0, 1000);
if (thinkMs > 0 && 1000 % thinkMs !== 0)
  throw new Error("--think-ms paces each visitor by whole requests a second: 1000, 500, 250, 200, 100, 50... or 0 (no pause)");
const warmUpSeconds = Math.min(30, Math.max(5, Math.round(seconds / 3)));
const healthSeconds = Math.min(seconds, 30);
/** Issue 46's targets. */
const TARGETS = { share: 35, p95: 50, p99: 150, rssMb: 600, statementP95: 5, statements: 10 };
/** A statement run fewer times than this in the steady phase has no p95 worth the name (a cache's rare reload). */
const MIN_STATEMENT_CALLS = 50;

// ---------------------------------------------------------------------------------------------
// Who takes part: sessions made for this run (the password's argon2 check is what sign-in costs,
// measured by the sign-in class itself), picked at random from the seed each run so that the
// per-user limits (60 messages an hour, 200 provider calls in 15 minutes) are not the previous run's.

type Person = { userId: number; cookie: string };
type Cast = {
  families: (Person & { family: number })[];
  creditFamilies: (Person & { coach: number })[];
  conversations: { id: number; family: Person; coach: Person }[];
  coachUsers: (Person & { coach: number })[];
  signInEmails: string[];
  zips: string[];
  places: string[];
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomInt = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));

async function makeCast(database: Database): Promise<Cast> {
  const { db } = database;
  const sizes = nationalSizes(coaches);
  // A previous run's sessions, limit counters and the rows its bookings left pending are not this run's.
  await db.execute(sql`delete from sessions`);
  await db.execute(sql`delete from rate_limit_hits`);
  // The seed's history had its e-mails sent: the review requests of the last week's sessions and the
  // reminders of the next two days' (a server that has run all along sent them as they fell due;
  // unmarked, the first sweep of a fresh start would send tens of thousands at once).
  await db.execute(sql`update bookings set review_requested_at = now()
    where status = 'completed' and review_requested_at is null and completed_at > now() - interval '8 days'`);
  // (A student's reminder is kept by booking, a coach's by slot: sent_notices' subject_id.)
  await db.execute(sql`insert into sent_notices (kind, subject_id, sent_at)
    select distinct k.kind, case k.kind when 'coach_reminder' then b.time_slot_id else b.id end, now()
      from bookings b cross join (values ('student_reminder'), ('coach_reminder')) k(kind)
     where b.status = 'confirmed' and b.starts_at between now() and now() + interval '2 days'
    on conflict do nothing`);
  const people: { userId: number; token: string }[] = [];
  const session = (userId: number): Person => {
    const token = randomBytes(32).toString("base64url");
    people.push({ userId, token });
    return { userId, cookie: `sid=${token}` };
  };
  const distinct = (count: number, from: number, to: number) => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, to - from + 1)) chosen.add(randomInt(from, to));
    return [...chosen];
  };
  const families = distinct(3000, 2, sizes.families).map((f) => ({ ...session(sizes.familyUser(f)), family: f }));
  // Family p bought coach 2p's package (seed-national.ts).
  const creditFamilies = distinct(1500, 1, sizes.packages).map((p) => ({ ...session(sizes.familyUser(p)), coach: 2 * p }));
  // Conversation f is family f's, with coach 1 + (f - 1) * 7 % N; family 1's is the heavy one.
  const conversations = [1, ...distinct(600, 2, sizes.families)].map((f) => ({
    id: f,
    family: session(sizes.familyUser(f)),
    coach: session(1 + (((f - 1) * 7) % coaches)),
  }));
  // Coach 1 is the one with 5,000 past sessions.
  const coachUsers = [1, ...distinct(2000, 2, coaches)].map((c) => ({ ...session(c), coach: c }));
  const signInEmails = distinct(2000, 1, sizes.families).map((f) => `family-${f}@peak.test`);
  for (let i = 0; i < people.length; i += 2000) {
    const batch = people.slice(i, i + 2000);
    const hashes = batch.map((p) => createHash("sha256").update(p.token).digest("hex"));
    await db.execute(sql`insert into sessions (id_hash, user_id, expires_at, last_seen_at)
      select h, u, now() + interval '7 days', now()
      from unnest(${`{${hashes.join(",")}}`}::text[], ${`{${batch.map((p) => p.userId).join(",")}}`}::int[]) as t(h, u)
      on conflict do nothing`);
  }
  const zips = (
    (await db.execute(sql`select distinct zipcode from coaches order by 1`)) as unknown as { rows: { zipcode: string }[] }
  ).rows.map((r) => r.zipcode);
  return { families, creditFamilies, conversations, coachUsers, signInEmails, zips, places: [] };
}

// ---------------------------------------------------------------------------------------------
// The processes: the compiled server, nginx in front.

type Server = { child: ChildProcess; url: string; dataDir: string };

/**
 * Where the servers' e-mails go. By default through SMTP, as production sends them (DESIGN.md 2's
 * `SMTP_URL`), to a stand-in in this process that takes each message and counts it: delivery then
 * runs after the answer, from the message outbox. `PEAK_MAIL=outbox` leaves SMTP_URL unset, as
 * `npm start` runs: each e-mail is written to the development outbox's folder before the action
 * answers (DESIGN.md 8), which on this VM's disk held a credit booking's answer 5-51 ms a file now
 * and then (performance-log.md, 30 November 2026).
 */
type MailSink = { smtpUrl: string | undefined; received: () => number; close: () => Promise<void> };

async function startMailSink(): Promise<MailSink> {
  if (process.env.PEAK_MAIL === "outbox") return { smtpUrl: undefined, received: () => NaN, close: async () => {} };
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One compiled server process as `npm start` runs it (its heap flags), with the SQL probe loaded. */
async function startServer(
  databaseUrl: string,
  appUrl: string,
  workDir: string,
  index: number,
  smtpUrl: string | undefined,
): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `lacrosse-peak-${index}-`));
  const log = createWriteStream(path.join(workDir, `server-${index}.log`));
  await new Promise((r) => log.once("open", r));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PAYMENTS_PROVIDER: "simulated",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: appUrl,
    SESSION_SECRET: "peak-benchmark-session-secret-46",
    // nginx on loopback is the proxy: the visitor's address is the one it forwards.
    TRUST_PROXY: "loopback",
    // Each answer carries the product's own count of its statements (x-sql-statements), which the
    // probe reads: the count CI's guard holds to 10, without the upkeep a request only sets off.
    COUNT_SQL_STATEMENTS: "true",
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  };
  const child = spawn(
    process.execPath,
    [
      "--max-semi-space-size=32",
      "--max-old-space-size=512",
      "--enable-source-maps",
      // A profile of the servers, for instance (SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"), as tests/cluster's processes take it.
      ...(process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      "--import",
      path.join(root, "bench/peak-sql-probe.mjs"),
      path.join(root, "dist/server/main.js"),
    ],
    { cwd: root, env, stdio: ["ignore", log, log, "ipc"] },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => `see ${path.join(workDir, `server-${index}.log`)}`, 600_000);
  return { child, url, dataDir };
}

// ---------------------------------------------------------------------------------------------
// The mix.

/** What a request of the mix is, for its latency line. */
const CLASSES = [
  "search",
  "place",
  "coach-page",
  "profile",
  "open-times",
  "sign-in",
  "booking",
  "payment",
  "credit-booking",
  "messages",
  "message-send",
  "dashboard",
  "earnings",
] as const;
type RequestClass = (typeof CLASSES)[number];

/** `plain`: asked without Accept-Encoding, because the journey reads the answer (autocannon hands over the bytes as they came). */
type Step = { klass: RequestClass; method: "GET" | "POST"; path: string; body?: unknown; cookie?: string; plain?: boolean };
/** One visitor's state while autocannon plays their journey on a connection (reset at its end). */
type Visit = {
  /** The athlete the seat is for: the family's first (athlete id = family number, seed-national.ts); half the families have two. */
  athlete?: number;
  ip: string;
  journey: string;
  klass?: RequestClass;
  coach?: number;
  slotId?: number;
  bookingId?: number;
  intentId?: string;
  cookie?: string;
};

const JOURNEY_STEPS = 8;

function searchPath(cast: Cast): string {
  return `/api/coaches/search?specialization=${pick(POSITIONS)}&zipcode=${pick(cast.zips)}&radius=${pick(SEARCH_RADIUS_OPTIONS)}`;
}

const anyCoach = () => randomInt(1, coaches);

/** The next open individual slot in an open-times answer, for the booking that follows. */
function openSlotOf(body: string): number | undefined {
  try {
    const slots = JSON.parse(body) as { id: number; isGroup: boolean; isAvailable: boolean; status: string }[];
    const open = slots.filter((s) => !s.isGroup && s.isAvailable && s.status === "available");
    return open.length > 0 ? pick(open).id : undefined;
  } catch {
    return undefined;
  }
}

type Messaging = { sent: Map<string, { at: number; to: number }>; arrived: Map<string, number>; watched: Set<number> };

/** The journeys and how often each is a visitor's (weights out of 100). */
function journeys(cast: Cast, messaging: Messaging): { weight: number; name: string; steps: (v: Visit, i: number) => Step }[] {
  const browse = (v: Visit): Step => {
    const roll = Math.random();
    if (roll < 0.3 || v.coach === undefined) {
      v.coach = anyCoach();
      return { klass: "search", method: "GET", path: searchPath(cast) };
    }
    if (roll < 0.4) return { klass: "place", method: "GET", path: `/api/places/${pick(cast.places)}` };
    if (roll < 0.55) return { klass: "coach-page", method: "GET", path: `/coach/${v.coach}` };
    if (roll < 0.75) return { klass: "profile", method: "GET", path: `/api/coaches/${v.coach}/profile` };
    return { klass: "open-times", method: "GET", path: `/api/coaches/${v.coach}/available-slots` };
  };
  return [
    { weight: 40, name: "browse", steps: (v) => browse(v) },
    {
      weight: 15,
      name: "book and pay",
      steps: (v, i) => {
        if (i === 0) {
          const family = pick(cast.families);
          v.cookie = family.cookie;
          v.athlete = family.family;
          v.coach = anyCoach();
          return { klass: "search", method: "GET", path: searchPath(cast) };
        }
        if (i === 1) return { klass: "profile", method: "GET", path: `/api/coaches/${v.coach}/profile`, cookie: v.cookie };
        if (i === 2)
          return { klass: "open-times", method: "GET", path: `/api/coaches/${v.coach}/available-slots`, cookie: v.cookie, plain: true };
        if (i === 3 && v.slotId)
          return {
            klass: "booking",
            plain: true,
            method: "POST",
            path: "/api/bookings",
            cookie: v.cookie,
            body: { timeSlotId: v.slotId, rateId: v.coach, sessionType: "individual", duration: 60, athleteId: v.athlete },
          };
        if (i === 4 && v.bookingId)
          return {
            klass: "payment",
            plain: true,
            method: "POST",
            path: "/api/create-payment-intent",
            cookie: v.cookie,
            body: { bookingId: v.bookingId },
          };
        if (i === 5 && v.intentId)
          return {
            klass: "payment",
            method: "POST",
            path: "/api/payments/simulated/confirm",
            cookie: v.cookie,
            body: { paymentIntentId: v.intentId, cardNumber: "4242424242424242" },
          };
        if (i === 6) return { klass: "dashboard", method: "GET", path: "/api/bookings/student", cookie: v.cookie };
        return browse(v);
      },
    },
    {
      weight: 5,
      name: "book with a credit",
      steps: (v, i) => {
        if (i === 0) {
          const family = pick(cast.creditFamilies);
          v.cookie = family.cookie;
          v.athlete = family.coach / 2;
          v.coach = family.coach;
          return { klass: "dashboard", method: "GET", path: "/api/credits", cookie: v.cookie };
        }
        if (i === 1)
          return { klass: "open-times", method: "GET", path: `/api/coaches/${v.coach}/available-slots`, cookie: v.cookie, plain: true };
        if (i === 2 && v.slotId)
          return {
            klass: "credit-booking",
            method: "POST",
            path: "/api/bookings",
            cookie: v.cookie,
            body: {
              timeSlotId: v.slotId,
              rateId: v.coach,
              sessionType: "individual",
              duration: 60,
              athleteId: v.athlete,
              payWith: "credit",
            },
          };
        if (i === 3) return { klass: "dashboard", method: "GET", path: "/api/bookings/student", cookie: v.cookie };
        return browse(v);
      },
    },
    {
      weight: 12,
      name: "messages",
      steps: (v, i) => {
        const conversation = cast.conversations[v.coach ?? 0]!;
        if (i === 0) {
          v.coach = Math.floor(Math.random() * cast.conversations.length);
          const chosen = cast.conversations[v.coach]!;
          // Half the time the family writes, half the time the coach answers.
          v.cookie = Math.random() < 0.5 ? chosen.family.cookie : chosen.coach.cookie;
          return { klass: "messages", method: "GET", path: "/api/conversations", cookie: v.cookie };
        }
        if (i === 1 || i === 4)
          return { klass: "messages", method: "GET", path: `/api/conversations/${conversation.id}/messages`, cookie: v.cookie };
        if (i === 2 || i === 5) {
          const fromFamily = v.cookie === conversation.family.cookie;
          const body = `Saturday ${randomBytes(6).toString("hex")}: is 9:00 still good?`;
          if (messaging.watched.has(conversation.id))
            messaging.sent.set(body, { at: performance.now(), to: fromFamily ? conversation.coach.userId : conversation.family.userId });
          return {
            klass: "message-send",
            method: "POST",
            path: `/api/conversations/${conversation.id}/messages`,
            cookie: v.cookie,
            body: { body },
          };
        }
        if (i === 3) return { klass: "messages", method: "GET", path: "/api/conversations/unread", cookie: v.cookie };
        if (i === 6)
          return { klass: "messages", method: "POST", path: `/api/conversations/${conversation.id}/read`, cookie: v.cookie, body: {} };
        return { klass: "search", method: "GET", path: searchPath(cast) };
      },
    },
    {
      weight: 25,
      name: "coach dashboard",
      steps: (v, i) => {
        if (i === 0) {
          const coach = pick(cast.coachUsers);
          v.cookie = coach.cookie;
          v.coach = coach.coach;
        }
        const reads: Step[] = [
          { klass: "dashboard", method: "GET", path: "/api/bookings/coach", cookie: v.cookie },
          { klass: "dashboard", method: "GET", path: "/api/schedule", cookie: v.cookie },
          { klass: "messages", method: "GET", path: "/api/conversations/unread", cookie: v.cookie },
          { klass: "earnings", method: "GET", path: "/api/coach/earnings", cookie: v.cookie },
          { klass: "dashboard", method: "GET", path: `/api/session-requests/coach/${v.coach}`, cookie: v.cookie },
          { klass: "earnings", method: "GET", path: "/api/coaches/me/earnings", cookie: v.cookie },
          { klass: "messages", method: "GET", path: "/api/conversations", cookie: v.cookie },
          { klass: "dashboard", method: "GET", path: "/api/auth/user", cookie: v.cookie },
        ];
        return reads[i % reads.length]!;
      },
    },
    {
      weight: 3,
      name: "sign in",
      steps: (v, i) => {
        if (i === 0)
          return {
            klass: "sign-in",
            method: "POST",
            path: "/api/auth/login",
            body: { email: pick(cast.signInEmails), password: PEAK_PASSWORD },
          };
        if (i === 1 && v.cookie) return { klass: "dashboard", method: "GET", path: "/api/auth/user", cookie: v.cookie };
        return browse(v);
      },
    },
  ];
}

type Tally = {
  latencies: Map<RequestClass, number[]>;
  statuses: Map<string, number>;
  errors: number;
  expected: Map<string, number>;
  count: number;
};

/** 2xx and 3xx are answers; a 409 for a taken seat and the limits' 429s are expected refusals; anything else is an error. */
function expectedRefusal(klass: RequestClass, status: number): string | undefined {
  if (status === 409 && (klass === "booking" || klass === "credit-booking")) return "409 seat taken (booking)";
  if (status === 429 && klass === "sign-in") return "429 sign-in limit per address";
  if (status === 429 && klass === "payment") return "429 provider calls per user (200 in 15 min)";
  if (status === 429 && klass === "message-send") return "429 messages per sender (60 an hour)";
  return undefined;
}

async function runMix(
  url: string,
  cast: Cast,
  messaging: Messaging,
  duration: number,
  tally: Tally,
): Promise<{ errors: number; timeouts: number; seconds: number }> {
  const plans = journeys(cast, messaging);
  const totalWeight = plans.reduce((sum, p) => sum + p.weight, 0);
  const choosePlan = () => {
    let roll = Math.random() * totalWeight;
    for (const plan of plans) if ((roll -= plan.weight) < 0) return plan;
    return plans[0]!;
  };
  let journeyCounter = 0;
  const requests = Array.from({ length: JOURNEY_STEPS }, (_, i) => ({
    method: "GET",
    path: "/",
    setupRequest: (
      req: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
      context: Record<string, unknown>,
    ) => {
      const visit = context as unknown as Visit;
      if (i === 0) {
        visit.journey = choosePlan().name;
        journeyCounter++;
        visit.ip = `10.${(journeyCounter >> 16) & 255}.${(journeyCounter >> 8) & 255}.${journeyCounter & 255}`;
      }
      const plan = plans.find((p) => p.name === visit.journey) ?? plans[0]!;
      const step = plan.steps(visit, i);
      visit.klass = step.klass;
      const headers: Record<string, string> = { "x-forwarded-for": visit.ip };
      if (!step.plain) headers["accept-encoding"] = "gzip, deflate, br";
      if (step.cookie) headers.cookie = step.cookie;
      if (step.klass === "coach-page") headers.accept = "text/html";
      if (step.body !== undefined) headers["content-type"] = "application/json";
      return {
        ...req,
        method: step.method,
        path: step.path,
        headers,
        body: step.body === undefined ? undefined : JSON.stringify(step.body),
      };
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => {
      const visit = context as unknown as Visit;
      if (visit.klass === "open-times" && status === 200) visit.slotId = openSlotOf(body);
      if (visit.klass === "booking" && status === 201) visit.bookingId = idOf(body, "id") as number | undefined;
      if (visit.klass === "payment" && status === 200 && !visit.intentId)
        visit.intentId = idOf(body, "paymentIntentId") as string | undefined;
      if (visit.klass === "sign-in" && status === 200) {
        const cookie = String(headers["set-cookie"] ?? "");
        const sid = /(?:^|,\s*)(sid=[^;]*)/.exec(cookie)?.[1];
        if (sid) visit.cookie = sid;
      }
    },
  }));
  return paced({ url, requests }, duration, (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    const klass = (client as { requestIterator: { context: Visit } }).requestIterator.context.klass ?? "search";
    let list = tally.latencies.get(klass);
    if (!list) tally.latencies.set(klass, (list = []));
    list.push(responseTime);
    tally.count++;
    const key = `${klass} ${statusCode}`;
    tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
    if (statusCode >= 400) {
      const expected = expectedRefusal(klass, statusCode);
      if (expected) tally.expected.set(expected, (tally.expected.get(expected) ?? 0) + 1);
      else tally.errors++;
    }
  });
}

/** How many groups of visitors start apart (see paced). */
const PACING_GROUPS = 50;

/**
 * `users` visitors, each making at most one request every `thinkMs` (from the request's start: the
 * think time is what is left of it once the answer is in), or one after another without pause when
 * `thinkMs` is 0. autocannon paces a connection by the clock's second (`connectionRate`, counted
 * from the moment the connection was made), and every connection starts its journey at its first
 * request: visitors made together would all ask at the same instant of every second, and all be at
 * the same step of their journeys (every booking of the mix in one second, every payment in the
 * next), bursts no crowd of families makes. So they start in PACING_GROUPS groups spread over one
 * journey's length (JOURNEY_STEPS requests): their requests spread over the second and their
 * journeys over the steps. Each group runs for `duration` seconds; the rate is the answers over
 * `duration`.
 */
async function paced(
  options: { url: string; requests: unknown[] },
  duration: number,
  onResponse: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
): Promise<{ errors: number; timeouts: number; seconds: number }> {
  const groups = thinkMs > 0 ? Math.min(users, PACING_GROUPS) : 1;
  const runs = Array.from({ length: groups }, async (_, g) => {
    const connections = Math.floor(users / groups) + (g < users % groups ? 1 : 0);
    await new Promise((resolve) => setTimeout(resolve, (g * JOURNEY_STEPS * thinkMs) / groups));
    const instance = autocannon({
      ...options,
      connections,
      duration,
      ...(thinkMs > 0 ? { connectionRate: 1000 / thinkMs } : {}),
    } as never);
    instance.on("response", onResponse);
    return (await instance) as { errors: number; timeouts: number };
  });
  const results = await Promise.all(runs);
  // autocannon counts timeouts among its connection errors.
  return {
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    seconds: duration,
  };
}

function idOf(body: string, field: string): number | string | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const value = parsed[field] ?? (parsed.booking as Record<string, unknown> | undefined)?.[field];
    return typeof value === "number" || typeof value === "string" ? (value as never) : undefined;
  } catch {
    return undefined;
  }
}

async function runHealth(url: string, duration: number): Promise<{ perSecond: number; errors: number }> {
  let count = 0;
  let errors = 0;
  const requests = [{ method: "GET", path: "/api/health", headers: { "accept-encoding": "gzip, deflate, br" } }];
  const result = await paced({ url, requests }, duration, (_client: unknown, status: number) => {
    count++;
    if (status !== 200) errors++;
  });
  return { perSecond: count / result.seconds, errors: errors + result.errors };
}

// ---------------------------------------------------------------------------------------------
// Live delivery: sockets for the first conversations of the cast, both sides.

/** A signed-in socket through nginx, its "connected" received; tried three times (a busy server may refuse the upgrade). */
async function openSocket(url: string, cookie: string, attempt = 1): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace("http", "ws")}/ws/calendar`, { headers: { Cookie: cookie } });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("message", () => resolve());
      socket.once("error", reject);
    });
    return socket;
  } catch (err) {
    socket.terminate();
    if (attempt >= 3) throw err;
    await new Promise((r) => setTimeout(r, 1000));
    return openSocket(url, cookie, attempt + 1);
  }
}

async function openSockets(url: string, cast: Cast, messaging: Messaging): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (const conversation of cast.conversations.slice(0, 40)) {
    messaging.watched.add(conversation.id);
    for (const person of [conversation.family, conversation.coach]) {
      const socket = await openSocket(url, person.cookie);
      socket.on("message", (raw) => {
        const event = JSON.parse(raw.toString()) as { type?: string; message?: { body?: string } };
        const body = event.type === "message:new" ? event.message?.body : undefined;
        if (body && messaging.sent.get(body)?.to === person.userId) messaging.arrived.set(body, (messaging.arrived.get(body) ?? 0) + 1);
      });
      sockets.push(socket);
    }
  }
  return sockets;
}

// ---------------------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The upper bound of a probe's histogram bucket (bench/peak-sql-probe.mjs): 0.05 ms wide to 100 ms, then 10 ms. */
const bucketMs = (bucket: number) => (bucket < 2000 ? (bucket + 1) / 20 : 100 + (bucket - 2000 + 1) * 10);

type SqlReport = {
  statements: { text: string; calls: number; meanMs: number; p95Ms: number; maxMs: number; buckets: [number, number][] }[];
  /** The request that ran the most statements, with the texts of the statements the probe saw it send. */
  mostInRequest: { count: number; request: string; texts: string[] };
  rssMb: number;
  /** V8's heap by space and the memory outside it, at the end (unchecked; where the resident memory goes). */
  memoryLine: string;
  /** PEAK_TRACE_SLOW=1: a few slow requests per route with their statements' start and time. */
  slowTraces: [string, string[]][];
};

function ask<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${message}`)), 60_000);
    const listener = (answer: Record<string, unknown>) => {
      if (!(key in answer)) return;
      clearTimeout(timer);
      child.off("message", listener);
      resolve(answer[key] as T);
    };
    child.on("message", listener);
    child.send(message);
  });
}

function rssMbOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

/**
 * PostgreSQL's own timing of each statement (pg_stat_statements), when the server loads it
 * (`shared_preload_libraries`, docs/PERFORMANCE.md "Saturday morning"): emptied before the steady
 * phase, read after it. It keeps a statement's mean, standard deviation and maximum, not its p95;
 * p95Bound turns them into a bound that no distribution's p95 exceeds, and that bound is the p95
 * this benchmark holds to its target.
 */
type ServerStatement = { query: string; calls: number; meanMs: number; stddevMs: number; maxMs: number; p95BoundMs: number };

/**
 * A database server that has answered families since Friday holds their tables and indexes in
 * memory; one just seeded or restarted does not, and then a read of a family's bookings waits on
 * the disk for each slot, booking and user page it touches (14 reads, 2.3 ms against 0.3 ms warm,
 * on 30 November 2026). Before the warm-up, every table and index of the database is read once
 * with pg_prewarm (PostgreSQL's contrib module): into PostgreSQL's shared buffers when they hold
 * the database (PERFORMANCE.md: 4 GB for the national seed's 2.6 GB), else into the operating
 * system's cache only, which this VM does not keep (it gives unused memory back to its host: of
 * time_slots' 666 MB read in, 307 MB were still cached five minutes later).
 */
/** `work` on a connection of its own to the national database, closed after it. */
async function withPgClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function warmDatabaseCache(databaseUrl: string): Promise<string> {
  const started = performance.now();
  try {
    return await withPgClient(databaseUrl, async (client) => {
      await client.query("create extension if not exists pg_prewarm");
      const sizes = await client.query<{ database: string; buffers: string }>(
        "select pg_database_size(current_database()) as database, pg_size_bytes(current_setting('shared_buffers')) as buffers",
      );
      const databaseMb = Number(sizes.rows[0]!.database) / 2 ** 20;
      const buffersMb = Number(sizes.rows[0]!.buffers) / 2 ** 20;
      const fits = databaseMb <= 0.9 * buffersMb;
      const { rows } = await client.query<{ blocks: string }>(
        `select coalesce(sum(pg_prewarm(c.oid, $1)), 0)::bigint as blocks
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'pg_toast') and c.relkind in ('r', 'i', 't', 'm')`,
        [fits ? "buffer" : "read"],
      );
      const readMb = (Number(rows[0]!.blocks) * 8) / 1024;
      const took = ((performance.now() - started) / 1000).toFixed(1);
      return fits
        ? `database cache warmed: ${readMb.toFixed(0)} MB of tables and indexes read into PostgreSQL's shared buffers (${buffersMb.toFixed(0)} MB) in ${took} s (pg_prewarm)`
        : `database cache warmed: ${readMb.toFixed(0)} MB of tables and indexes read into the operating system's cache in ${took} s (pg_prewarm); shared_buffers (${buffersMb.toFixed(0)} MB) is smaller than the database (${databaseMb.toFixed(0)} MB), so reads may wait on the disk (docs/PERFORMANCE.md)`;
    });
  } catch (error) {
    return `database cache not warmed (${error instanceof Error ? error.message : String(error)}): the first reads of the run wait on the disk`;
  }
}

async function serverStatementsOn(databaseUrl: string): Promise<boolean> {
  return withPgClient(databaseUrl, async (client) => {
    const loaded = await client.query<{ libraries: string }>("select current_setting('shared_preload_libraries') as libraries");
    if (!loaded.rows[0]!.libraries.split(",").some((l) => l.trim() === "pg_stat_statements")) return false;
    await client.query("create extension if not exists pg_stat_statements");
    await client.query("select pg_stat_statements_reset()");
    return true;
  });
}

async function serverStatements(databaseUrl: string): Promise<ServerStatement[]> {
  return withPgClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ query: string; calls: string; mean: number; stddev: number; max: number }>(
      `select s.query, s.calls, s.mean_exec_time as mean, s.stddev_exec_time as stddev, s.max_exec_time as max
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = current_database() and s.calls >= $1`,
      [MIN_STATEMENT_CALLS],
    );
    return rows
      .map((r) => ({
        query: r.query.replace(/\s+/g, " ").slice(0, 160),
        calls: Number(r.calls),
        meanMs: r.mean,
        stddevMs: r.stddev,
        maxMs: r.max,
        p95BoundMs: p95Bound(Number(r.calls), r.mean, r.stddev, r.max),
      }))
      .sort((a, b) => b.p95BoundMs - a.p95BoundMs);
  });
}

async function main(): Promise<void> {
  console.log(
    `Saturday morning: ${coaches} coaches, ${processes} process(es) behind nginx, ${users} visitors (connections), think time ${thinkMs} ms, warm-up ${warmUpSeconds} s, steady ${seconds} s`,
  );
  const seedStarted = performance.now();
  const { database, seconds: seedSeconds, builtNow } = await ensureNationalSeed(coaches);
  if (builtNow) console.log(`(seeded now in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s)`);
  const databaseUrl = nationalDatabaseUrl(coaches);
  let cast: Cast;
  try {
    cast = await makeCast(database);
  } finally {
    await database.close();
  }
  console.log(await warmDatabaseCache(databaseUrl));
  console.log("Building the server (and the client when missing: scripts/build.mjs)...");
  await buildCompiledServer();
  const workDir = mkdtempSync(path.join(tmpdir(), "lacrosse-peak-"));
  const nginxPort = await freePort();
  const appUrl = `http://127.0.0.1:${nginxPort}`;
  const servers: Server[] = [];
  let nginx: Nginx | undefined;
  let sockets: WebSocket[] = [];
  let mail: MailSink | undefined;
  try {
    mail = await startMailSink();
    const smtpUrl = mail.smtpUrl;
    console.log(
      smtpUrl
        ? `e-mail: through SMTP to a stand-in at ${smtpUrl} (PEAK_MAIL=outbox: the development outbox)`
        : "e-mail: the development outbox",
    );
    servers.push(
      ...(await Promise.all(Array.from({ length: processes }, (_, i) => startServer(databaseUrl, appUrl, workDir, i, smtpUrl)))),
    );
    nginx = await startNginx(
      servers.map((s) => s.url),
      { port: nginxPort, load: true },
    );
    // A page of places (the list is paged by a header's cursor; the first thousand are plenty).
    const places = (await (await fetch(`${nginx.url}/api/places`)).json()) as { state: string; city: string }[];
    cast.places = places.map((p) => `${p.state}/${p.city}`);
    const messaging: Messaging = { sent: new Map(), arrived: new Map(), watched: new Set() };

    const warmUp: Tally = { latencies: new Map(), statuses: new Map(), errors: 0, expected: new Map(), count: 0 };
    console.log(`Warm-up: ${warmUpSeconds} s of the mix...`);
    await runMix(nginx.url, cast, messaging, warmUpSeconds, warmUp);
    sockets = await openSockets(nginx.url, cast, messaging);
    console.log(
      `${sockets.length} sockets open for live delivery; ${cast.places.length} places; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    await Promise.all(servers.map((s) => ask(s.child, "peak-sql-reset", "peakSqlReset")));
    const serverTimed = await serverStatementsOn(databaseUrl);
    messaging.sent.clear();
    messaging.arrived.clear();

    console.log(`Steady: ${seconds} s of the mix...`);
    const tally: Tally = { latencies: new Map(), statuses: new Map(), errors: 0, expected: new Map(), count: 0 };
    const mix = await runMix(nginx.url, cast, messaging, seconds, tally);
    // Resident memory as the mix left it, read before the probe's report (which ends with a full collection).
    const rss = servers.map((s) => rssMbOf(s.child.pid!));
    const reports = await Promise.all(servers.map((s) => ask<SqlReport>(s.child, "peak-sql-report", "peakSqlReport")));
    const onServer = serverTimed ? await serverStatements(databaseUrl) : undefined;
    // What was sent in the last second may still be on its way.
    await new Promise((r) => setTimeout(r, 2000));
    const delivered = [...messaging.sent.keys()].filter((body) => messaging.arrived.get(body) === 1).length;
    const twice = [...messaging.arrived.values()].filter((n) => n > 1).length;

    console.log(`/api/health: ${healthSeconds} s through the same nginx, same connections and think time...`);
    const health = await runHealth(nginx.url, healthSeconds);

    if (mail.smtpUrl) console.log(`e-mails taken by the SMTP stand-in since the servers started: ${mail.received()}`);
    printReport({ tally, mix, health, reports, onServer, rss, delivered, twice, sent: messaging.sent.size, seedSeconds });
  } finally {
    for (const socket of sockets) socket.terminate();
    if (nginx) await nginx.stop();
    await Promise.all(servers.map((s) => stopProcess(s.child, 10_000)));
    await mail?.close();
    for (const s of servers) rmSync(s.dataDir, { recursive: true, force: true });
    if (process.env.PEAK_KEEP_LOGS) console.log(`Logs kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

function printReport(r: {
  tally: Tally;
  mix: { errors: number; timeouts: number; seconds: number };
  health: { perSecond: number; errors: number };
  reports: SqlReport[];
  /** pg_stat_statements' figures, when PostgreSQL loads it. */
  onServer: ServerStatement[] | undefined;
  rss: number[];
  delivered: number;
  twice: number;
  sent: number;
  seedSeconds: number;
}): void {
  const perSecond = r.tally.count / r.mix.seconds;
  const errors = r.tally.errors + r.mix.errors;
  const share = (100 * perSecond) / r.health.perSecond;
  // Each statement's histograms of both processes added up, and its p95 read from the sum.
  const statements = new Map<
    string,
    { calls: number; totalMs: number; maxMs: number; buckets: Map<number, number>; p95Ms: number; meanMs: number }
  >();
  for (const report of r.reports)
    for (const s of report.statements) {
      let seen = statements.get(s.text);
      if (!seen) statements.set(s.text, (seen = { calls: 0, totalMs: 0, maxMs: 0, buckets: new Map(), p95Ms: NaN, meanMs: NaN }));
      seen.calls += s.calls;
      seen.totalMs += s.meanMs * s.calls;
      seen.maxMs = Math.max(seen.maxMs, s.maxMs);
      for (const [bucket, n] of s.buckets) seen.buckets.set(bucket, (seen.buckets.get(bucket) ?? 0) + n);
    }
  for (const s of statements.values()) {
    s.meanMs = s.totalMs / s.calls;
    const wanted = Math.ceil(0.95 * s.calls);
    let count = 0;
    for (const bucket of [...s.buckets.keys()].sort((a, b) => a - b)) {
      count += s.buckets.get(bucket)!;
      if (count >= wanted) {
        s.p95Ms = Math.min(bucketMs(bucket), s.maxMs);
        break;
      }
    }
  }
  const busy = [...statements].filter(([, s]) => s.calls >= MIN_STATEMENT_CALLS).sort((a, b) => b[1].p95Ms - a[1].p95Ms);
  const slowest = busy[0];
  const most = r.reports.map((x) => x.mostInRequest).sort((a, b) => b.count - a.count)[0]!;

  console.log("");
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (2 cores shared with other work: figures are noisy)`,
  );
  console.log(
    `answers by class and status: ${[...r.tally.statuses]
      .sort()
      .map(([k, n]) => `${k} x${n}`)
      .join(", ")}`,
  );
  console.log(
    `expected refusals (not errors): ${r.tally.expected.size === 0 ? "none" : [...r.tally.expected].map(([k, n]) => `${k} x${n}`).join(", ")}`,
  );
  console.log(
    `errors: ${r.tally.errors} unexpected answers, ${r.mix.timeouts} requests unanswered within autocannon's 10 s, ${r.mix.errors - r.mix.timeouts} connection errors`,
  );
  console.log(`live delivery: ${r.delivered} of ${r.sent} watched messages arrived once at the other side's socket, ${r.twice} twice`);
  for (const [i, report] of r.reports.entries()) console.log(`process ${i + 1} memory: ${report.memoryLine}`);
  for (const [i, report] of r.reports.entries())
    for (const [route, traces] of report.slowTraces) for (const trace of traces) console.log(`process ${i + 1} slow ${route} ${trace}`);
  console.log(`/api/health through nginx: ${r.health.perSecond.toFixed(0)} req/s, ${r.health.errors} errors`);
  console.log(
    `slowest statements (p95 over both processes, at least ${MIN_STATEMENT_CALLS} calls; client-side timing, see bench/peak-sql-probe.mjs):`,
  );
  for (const [text, s] of busy.slice(0, 5))
    console.log(`  p95 ${s.p95Ms.toFixed(2)} ms, mean ${s.meanMs.toFixed(2)} ms, max ${s.maxMs.toFixed(1)} ms, ${s.calls} calls: ${text}`);
  if (r.onServer) {
    console.log(
      `slowest statements in PostgreSQL (pg_stat_statements, at least ${MIN_STATEMENT_CALLS} calls; p95 at most the least of the maximum, Cantelli over every call and over all but the slowest):`,
    );
    for (const s of r.onServer.slice(0, 5))
      console.log(
        `  p95 <= ${s.p95BoundMs.toFixed(2)} ms, mean ${s.meanMs.toFixed(2)} ms, deviation ${s.stddevMs.toFixed(2)} ms, max ${s.maxMs.toFixed(1)} ms, ${s.calls} calls: ${s.query}`,
      );
  } else console.log("pg_stat_statements is not loaded by this PostgreSQL: the statements' p95 below is the probe's (client-side)");
  console.log(`most statements in one request: ${most.count} (${most.request}); the statements the probe saw it send:`);
  for (const text of most.texts) console.log(`  ${text}`);
  console.log(`national seed built in ${r.seedSeconds.toFixed(0)} s`);
  console.log("");
  console.log(
    `peak mix: ${perSecond.toFixed(0)} req/s sustained, ${errors} errors, share ${share.toFixed(1)}% of /api/health through the same nginx`,
  );
  const failures: string[] = [];
  for (const klass of CLASSES) {
    const list = (r.tally.latencies.get(klass) ?? []).sort((a, b) => a - b);
    if (list.length === 0) continue;
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(list, p));
    console.log(`peak ${klass}: p50 ${p50!.toFixed(1)} ms, p95 ${p95!.toFixed(1)} ms, p99 ${p99!.toFixed(1)} ms`);
    if (!(p95! < TARGETS.p95) || !(p99! < TARGETS.p99)) failures.push(`${klass} p95/p99 ${p95!.toFixed(1)}/${p99!.toFixed(1)} ms`);
  }
  console.log(`peak rss: ${r.rss.map((mb) => mb.toFixed(0)).join(" MB, ")} MB`);
  // PostgreSQL's own figure when it has one; else the probe's, which includes the process's waits.
  const slowestP95 = r.onServer ? r.onServer[0]?.p95BoundMs : slowest?.[1].p95Ms;
  console.log(
    `peak sql: slowest statement p95 ${slowestP95 !== undefined ? slowestP95.toFixed(2) : "n/a"} ms, most statements in one request ${most.count}`,
  );
  if (share < TARGETS.share) failures.push(`share ${share.toFixed(1)}% < ${TARGETS.share}%`);
  if (errors > 0) failures.push(`${errors} errors`);
  if (r.rss.some((mb) => mb >= TARGETS.rssMb)) failures.push(`rss >= ${TARGETS.rssMb} MB`);
  if (slowestP95 !== undefined && slowestP95 >= TARGETS.statementP95)
    failures.push(`statement p95 ${slowestP95.toFixed(2)} ms >= ${TARGETS.statementP95} ms`);
  if (most.count > TARGETS.statements) failures.push(`${most.count} statements in one request (${most.request})`);
  console.log(failures.length === 0 ? "\nPASS: every target of issue 46" : `\nMISSED: ${failures.join("; ")}`);
  if (failures.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
