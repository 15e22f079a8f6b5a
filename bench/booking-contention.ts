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
 * Targets: p95 of a booking (every POST, refused or not) under 60 ms (issue 25), exact seats. Exit 1 when
 * missed. The database is created when missing and its marketplace tables emptied first.
 *
 *   npm run bench:booking -- --credits
 *
 * then runs the same race again with `payWith: "credit"` (DESIGN.md 11): the bookings are emptied,
 * every player's family holds a paid package of 2 credits per coach and kind, and the credit path's
 * p95 is printed beside the card path's; every credit booking must have exactly one redeem row.
 */
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { startSession, SESSION_COOKIE } from "../src/server/features/accounts/sessions.service";
import { warmUpBooking } from "../src/server/features/bookings/booking-warm-up";
import { runBenchmark, serveInChild, startServerChild } from "./bench-server";
import { DEFAULT_BENCH_DATABASE_URL, openBenchDatabase } from "./seed-search";

const PLAYERS = 200;
const SLOTS = 50;
/** Every fifth slot is a group session. */
const GROUP_CAPACITY = 4;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const TARGET_P95_MS = 60;
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

/** Empties the bookings and gives every player's family a paid package of 2 credits per coach and kind. */
async function seedCredits(): Promise<void> {
  const database = await openBenchDatabase(databaseUrl);
  try {
    const { db } = database;
    await db.execute(sql`truncate bookings, package_purchases, packages restart identity cascade`);
    await db.execute(sql`update time_slots set is_available = true`);
    await db.execute(sql`select family_of_user(id) from users where user_type = 'player' order by id`);
    await db.execute(sql`insert into packages (coach_id, title, session_type, duration_minutes, session_count, price_cents, valid_days)
      select c.id, 'Two ' || k, k, 60, 2, case when k = 'group' then 5000 else 15000 end, 90
      from coaches c cross join (values ('individual'), ('group')) kinds(k)`);
    await db.execute(sql`insert into package_purchases (package_id, coach_id, family_id, buyer_id, title, session_type, duration_minutes,
        session_count, price_cents, platform_fee_cents, total_cents, valid_days, status, payment_intent_id, pay_by, paid_at, expires_at)
      select p.id, p.coach_id, g.family_id, u.id, p.title, p.session_type, 60, 2, p.price_cents, round(p.price_cents * 0.15),
        p.price_cents + round(p.price_cents * 0.15), 90, 'paid', 'pi_bench_' || u.id || '_' || p.id, now(), now(), now() + interval '90 days'
      from users u join family_guardians g on g.user_id = u.id cross join packages p where u.user_type = 'player'`);
    await db.execute(sql`insert into credit_ledger (purchase_id, kind, credits, value_cents, fee_cents, payment_intent_id)
      select id, 'purchase', session_count, price_cents, platform_fee_cents, payment_intent_id from package_purchases`);
  } finally {
    await database.close();
  }
}

/** Every credit booking has exactly one redeem row, and no purchase went below zero. */
async function creditsExact(): Promise<boolean> {
  const database = await openBenchDatabase(databaseUrl);
  try {
    const result = await database.db.execute(sql`select
        (select count(*)::int from bookings where package_purchase_id is not null) as bookings,
        (select count(*)::int from credit_ledger where kind = 'redeem') as redeemed,
        (select count(*)::int from (select purchase_id from credit_ledger group by purchase_id having sum(credits) < 0) x) as negative`);
    const row = (result as unknown as { rows: { bookings: number; redeemed: number; negative: number }[] }).rows[0]!;
    console.log(`credit bookings ${row.bookings}, redeem rows ${row.redeemed}, purchases below zero ${row.negative}`);
    return row.bookings === row.redeemed && row.negative === 0;
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
  const { child, baseUrl, ready } = await startServerChild(fileURLToPath(import.meta.url), databaseUrl, { TRUST_PROXY: "loopback" });
  const warmUp = ready as typeof ready & { warmUpBookings: number; warmUpMs: number };
  console.log(`Server: ${warmUp.warmUpBookings} bookings made and rolled back before it listened, in ${warmUp.warmUpMs.toFixed(0)} ms`);
  let failed = false;
  try {
    const card = await race(baseUrl, slots, cookies, "card");
    failed = (await report("card", card, seats)) || failed;
    if (process.argv.includes("--credits")) {
      await seedCredits();
      const credit = await race(baseUrl, slots, cookies, "credit");
      failed = (await report("credit", credit, seats)) || failed;
      if (!(await creditsExact())) {
        console.error("FAIL: a credit booking without its redeem row, or a balance below zero");
        failed = true;
      }
      console.log(
        `p95 side by side: card ${percentile(card.latencies, 95).toFixed(1)} ms, credit ${percentile(credit.latencies, 95).toFixed(1)} ms`,
      );
    }
  } finally {
    child.disconnect();
  }
  if (failed) process.exitCode = 1;
}

type RaceResult = {
  /** Every answer's latency, sorted. */
  latencies: number[];
  statuses: Map<number, number>;
  seconds: number;
  /** Each answer's latency in the order the requests were sent, and its status. */
  inOrder: { sent: number; ms: number; status: number }[];
};

/** Every player tries the slots in their own random order until one seat is theirs or every slot refused them. */
async function race(baseUrl: string, slots: Slot[], cookies: string[], payWith: "card" | "credit"): Promise<RaceResult> {
  const inOrder: RaceResult["inOrder"] = [];
  const statuses = new Map<number, number>();
  let seed32 = 11;
  const random = () => (seed32 = (seed32 * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const orders = cookies.map(() => [...slots].sort(() => random() - 0.5));
  const queue = cookies.map((_, i) => i);
  const started = performance.now();
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const worker = async () => {
    for (let player = queue.shift(); player !== undefined; player = queue.shift()) {
      const slot = orders[player]!.shift();
      if (!slot) continue;
      const sent = performance.now();
      const status = await postJson(
        agent,
        `${baseUrl}/api/bookings`,
        { Cookie: cookies[player]!, "X-Forwarded-For": playerAddress(player) },
        { timeSlotId: slot.id, rateId: slot.rateId, sessionType: slot.sessionType, duration: 60, payWith },
      );
      inOrder.push({ sent, ms: performance.now() - sent, status });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 201) queue.push(player); // refused: this player tries their next slot later
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  inOrder.sort((a, b) => a.sent - b.sent);
  const latencies = inOrder.map((r) => r.ms).sort((a, b) => a - b);
  return { latencies, statuses, seconds: (performance.now() - started) / 1000, inOrder };
}

/**
 * One POST with a JSON body over a kept-alive connection; resolves to the status once the answer has
 * been read. node:http rather than fetch: on the 2-core machine fetch's own work per request took
 * about two thirds of a core from the server it measures (docs/performance-log.md, 26 November 2026, night).
 */
function postJson(agent: Agent, url: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent, headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/** Prints one run's figures; true when it failed (seats not exact, an unexpected answer, p95 over target). */
async function report(label: string, { latencies, statuses, seconds, inOrder }: RaceResult, seats: number): Promise<boolean> {
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
    `[${label}] ${latencies.length} booking requests in ${seconds.toFixed(1)} s: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(", ")}`,
  );
  console.log(
    `[${label}] latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  const fifth = Math.ceil(inOrder.length / 5);
  const p95Of = (list: { ms: number }[]) =>
    percentile(
      list.map((r) => r.ms).sort((a, b) => a - b),
      95,
    ).toFixed(1);
  console.log(
    `[${label}] p95 by fifth of the requests, in the order sent: ${[0, 1, 2, 3, 4].map((i) => p95Of(inOrder.slice(i * fifth, (i + 1) * fifth))).join(", ")} ms; p95 of the seats taken (201) ${p95Of(inOrder.filter((r) => r.status === 201))} ms`,
  );
  console.log(`[${label}] seats held ${total} of ${seats}; slots over capacity: ${over.length}; slots with a seat left: ${under.length}`);
  let failed = false;
  if (over.length > 0 || total !== seats || (statuses.get(201) ?? 0) !== seats) {
    console.error(`FAIL [${label}]: the seats held are not exactly the capacity`);
    failed = true;
  }
  const unexpected = [...statuses.keys()].filter((s) => s !== 201 && s !== 409);
  if (unexpected.length > 0) {
    console.error(`FAIL [${label}]: unexpected answers ${unexpected.join(", ")}`);
    failed = true;
  }
  const p95 = percentile(latencies, 95);
  console.log(`[${label}] booking p95 ${p95.toFixed(1)} ms: ${p95 < TARGET_P95_MS ? "PASS" : "FAIL"} (target < ${TARGET_P95_MS} ms)`);
  return failed || p95 >= TARGET_P95_MS;
}

runBenchmark(main, () =>
  // The server readies the booking before it listens, as main.ts does.
  serveInChild(databaseUrl, async (deps) => {
    const started = performance.now();
    const warmUpBookings = await warmUpBooking(deps);
    return { warmUpBookings, warmUpMs: performance.now() - started };
  }),
);
