/**
 * Booking under contention (issue 17): 200 players race for the seats of 50 slots (40 individual,
 * 10 group of 4: 80 seats) through the real API (POST /api/bookings) on PostgreSQL.
 *
 *   npm run bench:booking          (DATABASE_URL defaults to the lacrosse_bench_booking database)
 *
 * Each player tries the slots in their own random order until one holds a seat for them or every
 * slot has refused them; CONCURRENCY requests are in flight at any moment, drawn from all players
 * in turn, so many players ask for the same last seats at once. Afterwards the database must show
 * exactly each slot's capacity held (never more, never less: demand is 2.5 times the seats).
 * Targets: p95 of a booking (every POST, refused or not) under 100 ms, exact seats. Exit 1 when
 * missed. The database is created when missing and its marketplace tables emptied first.
 */
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { startSession, SESSION_COOKIE } from "../src/server/features/accounts/sessions.service";
import { runBenchmark, serveInChild, startServerChild } from "./bench-server";
import { DEFAULT_BENCH_DATABASE_URL, openBenchDatabase } from "./seed-search";

const PLAYERS = 200;
const SLOTS = 50;
/** Every fifth slot is a group session. */
const GROUP_CAPACITY = 4;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const TARGET_P95_MS = 100;
const databaseUrl = process.env.DATABASE_URL ?? `${DEFAULT_BENCH_DATABASE_URL}_booking`;

type Slot = { id: number; capacity: number; rateId: number; sessionType: "individual" | "group" };

/** A made-up client address per player (10.0.x.y), believed because the server trusts loopback as a proxy. */
const playerAddress = (player: number) => `10.0.${player >> 8}.${player & 255}`;

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function seed(): Promise<{ slots: Slot[]; cookies: string[] }> {
  const database = await openBenchDatabase(databaseUrl);
  try {
    const { db } = database;
    await db.execute(sql`truncate users, coaches, rates, time_slots, bookings, session_feedback restart identity cascade`);
    await db.execute(sql`insert into users (email, user_type, first_name, last_name)
      select 'coach-' || g || '@bench.test', 'coach', 'Coach', 'Number ' || g from generate_series(1, 5) g`);
    await db.execute(sql`insert into coaches (user_id, title, bio, zipcode, location, latitude, longitude, time_zone, specializations)
      select u.id, 'Lacrosse Coach', 'Benchmark coach.', z.zip, z.city || ', ' || z.state, z.latitude, z.longitude, z.time_zone, array['Midfield']
      from users u cross join (select * from zip_codes where zip = '21201') z where u.user_type = 'coach'`);
    await db.execute(sql`insert into rates (coach_id, session_type, duration_minutes, rate_cents)
      select c.id, 'individual', 60, 8000 from coaches c union all select c.id, 'group', 60, 3000 from coaches c`);
    await db.execute(sql`insert into time_slots (coach_id, starts_at, ends_at, is_available, is_group, capacity, location_name)
      select 1 + (k % 5), date_trunc('hour', now()) + make_interval(days => 1 + k / 5, hours => k % 5),
        date_trunc('hour', now()) + make_interval(days => 1 + k / 5, hours => 1 + k % 5),
        true, k % 5 = 4, case when k % 5 = 4 then ${GROUP_CAPACITY} else 1 end, 'Field 1'
      from generate_series(0, ${SLOTS - 1}) k`);
    await db.execute(sql`insert into users (email, user_type, first_name, last_name, phone_number, position)
      select 'player-' || g || '@bench.test', 'player', 'Player', 'Number ' || g, '+1410555' || lpad(g::text, 4, '0'), 'Midfield'
      from generate_series(1, ${PLAYERS}) g`);
    const slots = (
      (await db.execute(sql`select ts.id, ts.capacity, r.id as "rateId", r.session_type as "sessionType"
        from time_slots ts join rates r on r.coach_id = ts.coach_id
          and r.session_type = case when ts.is_group then 'group' else 'individual' end
        order by ts.id`)) as unknown as { rows: Slot[] }
    ).rows;
    const players = (
      (await db.execute(sql`select id from users where user_type = 'player' order by id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const cookies: string[] = [];
    for (const player of players) cookies.push(`${SESSION_COOKIE}=${(await startSession(db, player.id, new Date())).token}`);
    return { slots, cookies };
  } finally {
    await database.close();
  }
}

async function held(): Promise<{ slotId: number; capacity: number; holding: number }[]> {
  const database = await openBenchDatabase(databaseUrl);
  try {
    const result = await database.db.execute(sql`select ts.id as "slotId", ts.capacity,
        (select count(*)::int from bookings b where b.time_slot_id = ts.id
          and (b.status = 'confirmed' or (b.status = 'pending' and b.hold_expires_at > now()))) as holding
      from time_slots ts order by ts.id`);
    return (result as unknown as { rows: { slotId: number; capacity: number; holding: number }[] }).rows;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  console.log(`Booking contention: ${PLAYERS} players, ${SLOTS} slots, ${CONCURRENCY} requests in flight; database ${databaseUrl}`);
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const { slots, cookies } = await seed();
  const seats = slots.reduce((sum, s) => sum + s.capacity, 0);
  // 200 players on one machine would share one address, and unpaid holds are limited per coach and
  // address (DESIGN.md 10): the server believes loopback as a proxy, and each player names an address of its own.
  const { child, baseUrl } = await startServerChild(fileURLToPath(import.meta.url), databaseUrl, { TRUST_PROXY: "loopback" });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let seed32 = 11;
  const random = () => (seed32 = (seed32 * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  // Each player's slots in a random order, and a queue of the players whose turn it is.
  const orders = cookies.map(() => [...slots].sort(() => random() - 0.5));
  const queue = cookies.map((_, i) => i);
  const started = performance.now();
  try {
    const worker = async () => {
      for (let player = queue.shift(); player !== undefined; player = queue.shift()) {
        const slot = orders[player]!.shift();
        if (!slot) continue;
        const sent = performance.now();
        const res = await fetch(`${baseUrl}/api/bookings`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookies[player]!, "X-Forwarded-For": playerAddress(player) },
          body: JSON.stringify({ timeSlotId: slot.id, rateId: slot.rateId, sessionType: slot.sessionType, duration: 60 }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 201) queue.push(player); // refused: this player tries their next slot later
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    child.disconnect();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rows = await held();
  const over = rows.filter((r) => r.holding > r.capacity);
  const under = rows.filter((r) => r.holding < r.capacity);
  const total = rows.reduce((sum, r) => sum + r.holding, 0);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `${latencies.length} booking requests in ${seconds.toFixed(1)} s: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(", ")}`,
  );
  console.log(
    `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  console.log(`seats held ${total} of ${seats}; slots over capacity: ${over.length}; slots with a seat left: ${under.length}`);
  let failed = false;
  if (over.length > 0 || total !== seats || (statuses.get(201) ?? 0) !== seats) {
    console.error("FAIL: the seats held are not exactly the capacity");
    failed = true;
  }
  const unexpected = [...statuses.keys()].filter((s) => s !== 201 && s !== 409);
  if (unexpected.length > 0) {
    console.error(`FAIL: unexpected answers ${unexpected.join(", ")}`);
    failed = true;
  }
  const p95 = percentile(latencies, 95);
  console.log(`booking p95 ${p95.toFixed(1)} ms: ${p95 < TARGET_P95_MS ? "PASS" : "FAIL"} (target < ${TARGET_P95_MS} ms)`);
  if (p95 >= TARGET_P95_MS) failed = true;
  if (failed) process.exitCode = 1;
}

runBenchmark(main, () => serveInChild(databaseUrl));
