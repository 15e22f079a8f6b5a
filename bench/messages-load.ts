/**
 * Live messages under load (issue 24): two server processes on one PostgreSQL, 200 open sockets
 * (100 coaches and 100 families, one socket each, spread over both processes so that most
 * messages cross from one process to the other through LISTEN/NOTIFY), 50 messages a second for
 * 60 s sent through the real API (POST /api/conversations/{id}/messages), alternately to each
 * process and from each side of 100 conversations.
 *
 *   npm run bench:messages   (DATABASE_URL defaults to the lacrosse_bench_messages database;
 *                             BENCH_SECONDS and BENCH_RATE change the run's length and rate)
 *
 * Measured: from just before the POST to the message's arrival at the other side's socket (the
 * load generator holds both ends, so one clock). Every message must arrive at the other side
 * exactly once: lost and duplicated counts are printed. Targets: p95 < 100 ms, none lost, none
 * twice, every send answered 201. Exit 1 when missed. Loopback only.
 */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { WebSocket } from "ws";
import { createApp } from "../src/server/app";
import { bootstrap } from "../src/server/boot";
import { createAppServer } from "../src/server/http/app-server";
import { familyIdOfUser } from "../src/server/db/families";
import { startSession, SESSION_COOKIE } from "../src/server/features/accounts/sessions.service";
import { attachCalendarSocket } from "../src/server/realtime/calendar-socket";
import { benchConfig, runBenchmark, startServerChild } from "./bench-server";
import { DEFAULT_BENCH_DATABASE_URL, openBenchDatabase } from "./seed-search";

const PAIRS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const TARGET_P95_MS = 100;
/** After the last send, how long a message may still be on its way before it counts as lost. */
const DRAIN_MS = 5_000;
const databaseUrl = process.env.DATABASE_URL ?? `${DEFAULT_BENCH_DATABASE_URL}_messages`;

type Pair = { conversationId: number; coach: { userId: number; cookie: string }; family: { userId: number; cookie: string } };

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function seed(): Promise<Pair[]> {
  const database = await openBenchDatabase(databaseUrl);
  try {
    const { db } = database;
    await db.execute(
      sql`truncate users, coaches, families, conversations, messages, message_reports, conversation_reads, conversation_notices, rate_limit_hits restart identity cascade`,
    );
    await db.execute(sql`insert into users (email, user_type, first_name, last_name)
      select 'coach-' || g || '@bench.test', 'coach', 'Coach', 'Number ' || g from generate_series(1, ${PAIRS}) g`);
    await db.execute(sql`insert into coaches (user_id, title, bio, zipcode, time_zone, specializations)
      select u.id, 'Lacrosse Coach', 'Benchmark coach.', '21201', 'America/New_York', array['Midfield'] from users u where u.user_type = 'coach' order by u.id`);
    await db.execute(sql`insert into users (email, user_type, first_name, last_name, phone_number, position)
      select 'family-' || g || '@bench.test', 'player', 'Parent', 'Number ' || g, '+1410555' || lpad(g::text, 4, '0'), 'Midfield'
      from generate_series(1, ${PAIRS}) g`);
    const coachRows = (
      (await db.execute(sql`select c.id, c.user_id as "userId" from coaches c order by c.id`)) as unknown as {
        rows: { id: number; userId: number }[];
      }
    ).rows;
    const familyRows = (
      (await db.execute(sql`select id from users where user_type = 'player' order by id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const pairs: Pair[] = [];
    const now = new Date();
    for (let i = 0; i < PAIRS; i++) {
      const coach = coachRows[i]!;
      const family = familyRows[i]!;
      const familyId = await familyIdOfUser(db, family.id);
      const inserted = (
        (await db.execute(sql`insert into conversations (coach_id, family_id, opened_by, opened_by_family, created_at)
          values (${coach.id}, ${familyId}, ${family.id}, true, now()) returning id`)) as unknown as { rows: { id: number }[] }
      ).rows[0]!;
      pairs.push({
        conversationId: inserted.id,
        coach: { userId: coach.userId, cookie: `${SESSION_COOKIE}=${(await startSession(db, coach.userId, now)).token}` },
        family: { userId: family.id, cookie: `${SESSION_COOKIE}=${(await startSession(db, family.id, now)).token}` },
      });
    }
    return pairs;
  } finally {
    await database.close();
  }
}

/** In a child: the app with its socket server, as main.ts runs it (without the sweeps' timer). */
async function serve(): Promise<void> {
  const { config, dataDir } = benchConfig(databaseUrl);
  const deps = await bootstrap(config);
  const server = createAppServer(createApp(deps));
  const sockets = await attachCalendarSocket(server, deps);
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send!({ port: typeof address === "object" && address ? address.port : 0, rssMb: process.memoryUsage().rss / 2 ** 20 });
  });
  process.on("disconnect", () => {
    void sockets
      .close()
      .then(() => server.close())
      .then(() => deps.database.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

type Arrival = { receivedAt: number };

async function openSocket(
  baseUrl: string,
  cookie: string,
  onMessage: (data: { type?: string; conversationId?: number; message?: { body: string } }) => void,
) {
  const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/ws/calendar`, { headers: { Cookie: cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once("message", () => resolve()); // "connected"
    socket.once("error", reject);
  });
  socket.on("message", (raw) => onMessage(JSON.parse(raw.toString()) as never));
  return socket;
}

async function main(): Promise<void> {
  console.log(`Messages under load: ${PAIRS * 2} sockets over 2 processes, ${RATE} messages/s for ${SECONDS} s; database ${databaseUrl}`);
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const pairs = await seed();
  const script = fileURLToPath(import.meta.url);
  const servers = [await startServerChild(script, databaseUrl), await startServerChild(script, databaseUrl)];
  const urls = servers.map((s) => s.baseUrl);

  // body -> when it was sent, and each side's arrivals of it.
  const sentAt = new Map<string, number>();
  const arrivals = new Map<string, Arrival[]>();
  const expectedReceiver = new Map<string, number>();
  const sockets: WebSocket[] = [];
  const statuses = new Map<number, number>();
  try {
    for (const [i, pair] of pairs.entries()) {
      // The coach on one process, the family on the other (alternating), so most deliveries cross processes.
      for (const [side, person] of [
        ["coach", pair.coach],
        ["family", pair.family],
      ] as const) {
        const url = urls[(i + (side === "coach" ? 0 : 1)) % 2]!;
        sockets.push(
          await openSocket(url, person.cookie, (event) => {
            if (event.type !== "message:new" || !event.message) return;
            const body = event.message.body;
            if (expectedReceiver.get(body) !== person.userId) return; // the sender's own echo
            const list = arrivals.get(body) ?? [];
            list.push({ receivedAt: performance.now() });
            arrivals.set(body, list);
          }),
        );
      }
    }
    console.log(`${sockets.length} sockets open`);

    const total = Math.round(SECONDS * RATE);
    const intervalMs = 1000 / RATE;
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    for (let n = 0; n < total; n++) {
      const due = started + n * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const pair = pairs[n % PAIRS]!;
      const fromCoach = Math.floor(n / PAIRS) % 2 === 0;
      const sender = fromCoach ? pair.coach : pair.family;
      const receiver = fromCoach ? pair.family : pair.coach;
      const body = `bench message ${n} in conversation ${pair.conversationId}`;
      expectedReceiver.set(body, receiver.userId);
      sentAt.set(body, performance.now());
      inFlight.push(
        fetch(`${urls[n % 2]}/api/conversations/${pair.conversationId}/messages`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: sender.cookie },
          body: JSON.stringify({ body }),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          },
          () => void statuses.set(0, (statuses.get(0) ?? 0) + 1),
        ),
      );
    }
    await Promise.all(inFlight);
    const sendSeconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, DRAIN_MS));

    const latencies: number[] = [];
    let lost = 0;
    let duplicated = 0;
    for (const [body, at] of sentAt) {
      const got = arrivals.get(body) ?? [];
      if (got.length === 0) lost += 1;
      if (got.length > 1) duplicated += 1;
      if (got[0]) latencies.push(got[0].receivedAt - at);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(`${total} messages sent in ${sendSeconds.toFixed(1)} s: ${[...statuses].map(([s, c]) => `${c} x ${s}`).join(", ")}`);
    console.log(
      `send -> arrival at the other side: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`,
    );
    console.log(`lost ${lost}, delivered twice ${duplicated}`);
    const p95 = percentile(latencies, 95);
    let failed = false;
    if ((statuses.get(201) ?? 0) !== total) {
      console.error("FAIL: not every message was accepted (201)");
      failed = true;
    }
    if (lost > 0 || duplicated > 0) {
      console.error("FAIL: messages lost or delivered twice");
      failed = true;
    }
    console.log(`p95 ${p95.toFixed(1)} ms: ${p95 < TARGET_P95_MS ? "PASS" : "FAIL"} (target < ${TARGET_P95_MS} ms)`);
    if (!(p95 < TARGET_P95_MS)) failed = true;
    if (failed) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.close();
    for (const s of servers) s.child.disconnect();
  }
}

runBenchmark(main, serve);
