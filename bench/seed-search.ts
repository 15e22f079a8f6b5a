/**
 * Fills a PostgreSQL database for the search benchmark: 10,000 coaches (or `--coaches N`) at real
 * US ZIPs, their rates, 50 slots each over the next 8 weeks and bookings that hold seats, all in
 * proportion to the coach count. Everything is generated inside PostgreSQL (INSERT ... SELECT
 * generate_series), so 100,000 coaches take minutes, not hours.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lacrosse_bench npx tsx bench/seed-search.ts [--coaches 100000]
 *
 * The database is created when missing and its marketplace tables are emptied first: point it
 * only at a database made for benchmarks.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "../src/server/db/client";
import { loadReferenceData } from "../src/server/db/reference-data";

export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/lacrosse_bench";
export const BENCH_COACHES = 10_000;
export const BENCH_SLOTS_PER_COACH = 50;
/** Students per coach: 2,000 for the default 10,000 coaches. */
const STUDENTS_PER_COACH = 0.2;
const SLOT_WEEKS = 8;

export async function createDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Unexpected database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** `--coaches N` on the command line, else the default 10,000. */
export function coachCountArgument(argv: string[] = process.argv): number {
  const at = argv.indexOf("--coaches");
  if (at < 0) return BENCH_COACHES;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 100 || value > 1_000_000) throw new Error("--coaches takes a whole number from 100 to 1000000");
  return value;
}

export async function seedSearchBenchmark(
  database: Database,
  coaches: number = BENCH_COACHES,
  log: (line: string) => void = console.log,
): Promise<void> {
  const { db } = database;
  const students = Math.round(coaches * STUDENTS_PER_COACH);
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    // The app's 60 s statement timeout (db/client.ts) is for requests; 5,000,000 slots take longer.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(statement);
    });
    log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
  };

  await step("empty marketplace tables", sql`truncate users, coaches, rates, time_slots, bookings, reviews restart identity cascade`);
  // Same data on every run.
  await db.execute(sql`select setseed(0.42)`);
  await step(
    `${coaches} coach users and ${students} students`,
    sql`insert into users (email, user_type, first_name, last_name)
      select 'coach-' || g || '@bench.test', 'coach', 'Coach', 'Number ' || g from generate_series(1, ${coaches}) g
      union all
      select 'student-' || g || '@bench.test', 'player', 'Student', 'Number ' || g from generate_series(1, ${students}) g`,
  );
  // Every ZIP is equally likely; ZIPs are far denser where people live, so coaches cluster in
  // metro areas the way a real marketplace's would (the ZIP data carries no population).
  await step(
    `${coaches} coaches at random ZIPs`,
    sql`with zips as (
        select row_number() over (order by zip) as n, zip, city, state, latitude, longitude, time_zone from zip_codes
      ), total as (select count(*) as n from zips),
      picks as (
        select u.id as user_id, 1 + floor(random() * (select n from total))::int as n, random() as r1, random() as r2, random() as r3
        from users u where u.user_type = 'coach'
      )
      insert into coaches (user_id, title, bio, experience, zipcode, location, latitude, longitude, time_zone, specializations)
      select p.user_id, 'Lacrosse Coach', 'Benchmark coach working with youth and high school players.', (3 + floor(p.r3 * 15))::int || ' years coaching',
        z.zip, z.city || ', ' || z.state, z.latitude, z.longitude, z.time_zone,
        case when p.r2 < 0.4
          then array[(array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + floor(p.r1 * 5)::int]]
          else array[(array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + floor(p.r1 * 5)::int],
                     (array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + (floor(p.r1 * 5)::int + 1 + floor(p.r2 * 4)::int) % 5],
                     'Shooting']
        end
      from picks p join zips z on z.n = p.n`,
  );
  await step(
    "rates",
    sql`insert into rates (coach_id, session_type, duration_minutes, rate_cents)
      select c.id, 'individual', 60, (60 + 5 * (c.id % 13)) * 100 from coaches c
      union all select c.id, 'individual', 30, (40 + 5 * (c.id % 7)) * 100 from coaches c
      union all select c.id, 'group', 60, (25 + 5 * (c.id % 6)) * 100 from coaches c where c.id % 5 <> 0`,
  );
  // One slot a day on 50 of the next 56 days, at 08:00-19:00 in the coach's own zone; a tenth are
  // group sessions, a twentieth closed by the coach. Rows go in week by week, as coaches add them.
  await step(
    `${coaches * BENCH_SLOTS_PER_COACH} slots over ${SLOT_WEEKS} weeks`,
    sql`insert into time_slots (coach_id, starts_at, ends_at, is_available, is_group, capacity, location_name, location_address)
      select c.id, s.starts_at, s.starts_at + interval '1 hour', random() >= 0.05, s.is_group, case when s.is_group then 4 else 1 end,
        'Community Field', '100 Main St, ' || c.location
      from coaches c
      cross join lateral (
        select ((date_trunc('day', now() at time zone c.time_zone)
                 + make_interval(days => floor((k - 1) * ${SLOT_WEEKS * 7}::numeric / ${BENCH_SLOTS_PER_COACH})::int,
                                 hours => 8 + ((k * 7 + c.id) % 12)))
                at time zone c.time_zone) as starts_at,
          (k + c.id) % 10 = 0 as is_group
        from generate_series(1, ${BENCH_SLOTS_PER_COACH}) k
      ) s
      -- Coaches publish about a week at a time, so a coach's slots sit in runs of a few rows.
      order by date_trunc('week', s.starts_at), c.id, s.starts_at`,
  );
  // Confirmed bookings fill about 8% of the individual slots, so the seat check has real work.
  await step(
    "bookings",
    sql`insert into bookings (student_id, coach_id, time_slot_id, session_type, duration_minutes, rate_cents, platform_fee_cents,
        tip_cents, total_cents, coach_earnings_cents, starts_at, ends_at, status, payment_status, confirmed_at)
      select ${coaches} + 1 + (ts.id % ${students}), ts.coach_id, ts.id, 'individual', 60, 8500, 1275, 0, 9775, 8500,
        ts.starts_at, ts.ends_at, 'confirmed', 'completed', now()
      from time_slots ts where not ts.is_group and ts.id % 12 = 0`,
  );
  // Reviews of a third of them give many coaches a rating, as an active marketplace would.
  await step(
    "reviews",
    sql`insert into reviews (booking_id, coach_id, student_id, comment, rating)
      select b.id, b.coach_id, b.student_id, 'Great session', 3 + (b.id % 3) from bookings b where b.id % 3 = 0`,
  );
  await step("analyze", sql`analyze users, coaches, rates, time_slots, bookings, reviews, zip_codes`);
}

export async function openBenchDatabase(url: string): Promise<Database> {
  await createDatabaseIfMissing(url);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await loadReferenceData(database.db);
  return database;
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  console.log(`Seeding the search benchmark into ${url.replace(/:[^:@/]+@/, ":***@")}`);
  const started = performance.now();
  const database = await openBenchDatabase(url);
  try {
    await seedSearchBenchmark(database, coachCountArgument());
  } finally {
    await database.close();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// Run as a command only: a benchmark's server is this file bundled with the benchmark
// (bench-server.ts), where import.meta.url is the bundle's own path too, and it must not seed.
const command = process.argv[1] ?? "";
if (import.meta.url === `file://${command}` && /(^|\/)seed-search\.ts$/.test(command)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
