/**
 * A national-size marketplace for the Saturday-morning benchmark (issue 46, bench/peak.ts), grown as
 * years of use would grow it. At the default 100,000 coaches:
 *
 *   100,000 coaches at random US ZIPs with their rates, 5,000,000 slots (25 past and 25 in the
 *   next four weeks each), 1,000,000 bookings (completed with feedback and two skill ratings,
 *   cancelled, refunded, no-shows, and paid seats ahead), 200,000 families with 300,000 athletes,
 *   200,000 conversations with 2,000,000 messages, 50,000 packages bought with their credits;
 *   and the heavy users: coach 1 with 5,000 past sessions more, family 1 with 500 messages.
 *
 * Everything scales with `--coaches N` (10,000: a tenth of it), except the two heavy users.
 *
 *   npm run bench:seed-national                     (100,000 coaches in laxcoach_national)
 *   npm run bench:seed-national -- --coaches 10000  (in laxcoach_national_10000)
 *
 * DATABASE_URL overrides the database. Every row is made inside PostgreSQL (INSERT ... SELECT
 * generate_series, ids computed, not looked up), through the app's migrations, constraints and
 * triggers. A table `peak_seed` records the seed's version and size: a database that holds this
 * version at this size is kept as it is (a run takes minutes); any other is emptied and seeded again.
 * Every user's password is PEAK_PASSWORD (one argon2 hash, made once, shared by all).
 */
import { sql } from "drizzle-orm";
import { hashPassword, madeWithOtherSettings } from "../src/server/features/accounts/passwords";
import type { Database } from "../src/server/db/client";
import { rowsOf } from "../src/server/db/sql";
import { openBenchDatabase } from "./seed-search";

/** Bump when the rows below change: a database seeded by another version is seeded again. */
const SEED_VERSION = "national-1";
const NATIONAL_COACHES = 100_000;
export const PEAK_PASSWORD = "Saturday-Morning-46";
const PAST_SLOTS_PER_COACH = 25;
const FUTURE_SLOTS_PER_COACH = 25;
const SLOTS_PER_COACH = PAST_SLOTS_PER_COACH + FUTURE_SLOTS_PER_COACH;
/** Of each coach's 25 past slots, the first 8 (by week, newest first) were booked. */
const BOOKED_PAST = 8;
/** The future slots (26..50) that hold a paid seat. */
const BOOKED_FUTURE = [37, 49];
const HEAVY_COACH_SESSIONS = 5_000;
const HEAVY_FAMILY_MESSAGES = 500;
const MESSAGES_PER_CONVERSATION = 10;

/** The sizes for `coaches` coaches; families are numbered 1..families, athletes 1..families (each family's first) and on. */
export function nationalSizes(coaches: number) {
  const families = 2 * coaches;
  return {
    coaches,
    families,
    athletes: families + families / 2,
    /** Coach users are ids 1..coaches (coach id = user id); family f's guardian is user coaches + f. */
    familyUser: (f: number) => coaches + f,
    packages: coaches / 2,
  };
}

/** `--coaches N` (a multiple of 100 from 1,000 to 1,000,000), else 100,000. */
export function nationalCoachCount(argv: string[] = process.argv): number {
  const at = argv.indexOf("--coaches");
  if (at < 0) return NATIONAL_COACHES;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1000 || value > 1_000_000 || value % 100 !== 0)
    throw new Error("--coaches takes a multiple of 100 from 1000 to 1000000");
  return value;
}

export function nationalDatabaseUrl(coaches: number): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const base = "postgres://postgres@127.0.0.1:5432/laxcoach_national";
  return coaches === NATIONAL_COACHES ? base : `${base}_${coaches}`;
}

type SeedRecord = { version: string; coaches: number; seconds: number; built_at: string };

async function seedRecord(database: Database): Promise<SeedRecord | undefined> {
  await database.db.execute(
    sql`create table if not exists peak_seed (version text not null, coaches int not null, seconds real not null, built_at timestamptz not null default now())`,
  );
  return rowsOf<SeedRecord>(await database.db.execute(sql`select version, coaches, seconds, built_at::text from peak_seed`))[0];
}

/**
 * Opens (creating and migrating) the national database for `coaches` and seeds it unless it already
 * holds this seed; answers how long the seed took (now or when it was built) and whether it ran now.
 */
export async function ensureNationalSeed(
  coaches: number,
  log: (line: string) => void = console.log,
): Promise<{ database: Database; seconds: number; builtNow: boolean }> {
  const database = await openBenchDatabase(nationalDatabaseUrl(coaches));
  const record = await seedRecord(database);
  if (record && record.version === SEED_VERSION && record.coaches === coaches) {
    log(`National seed ${SEED_VERSION} of ${coaches} coaches already built (${record.built_at}, in ${record.seconds.toFixed(0)} s): kept`);
    await rehashSharedPassword(database, log);
    return { database, seconds: record.seconds, builtNow: false };
  }
  const started = performance.now();
  await seedNational(database, coaches, log);
  const seconds = (performance.now() - started) / 1000;
  await database.db.execute(sql`delete from peak_seed`);
  await database.db.execute(sql`insert into peak_seed (version, coaches, seconds) values (${SEED_VERSION}, ${coaches}, ${seconds})`);
  log(`National seed of ${coaches} coaches built in ${seconds.toFixed(0)} s`);
  return { database, seconds, builtNow: true };
}

/**
 * A kept seed's one password hash, made with an older app's argon2 settings, is made again with
 * today's: the app would otherwise hash each account's password again at its first sign-in
 * (accounts.service.ts login), which every sign-in of the mix would be.
 */
async function rehashSharedPassword(database: Database, log: (line: string) => void): Promise<void> {
  const old = rowsOf<{ hash: string | null }>(await database.db.execute(sql`select password_hash as hash from users where id = 1`))[0]
    ?.hash;
  if (!old || !madeWithOtherSettings(old)) return;
  const started = performance.now();
  await database.db.execute(sql`update users set password_hash = ${await hashPassword(PEAK_PASSWORD)} where password_hash = ${old}`);
  // Every row was written again: without this the old versions would double what a read of users visits.
  await database.db.execute(sql`vacuum (analyze) users`);
  log(`  the accounts' shared password hash made with today's settings: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function seedNational(database: Database, coaches: number, log: (line: string) => void): Promise<void> {
  const { db } = database;
  const { families } = nationalSizes(coaches);
  const N = coaches;
  const F = families;
  const step = async (label: string, statement: string) => {
    const started = performance.now();
    // The app's 60 s statement timeout (db/client.ts) is for requests; millions of rows take longer.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql.raw(statement));
    });
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  // argon2 is slow on purpose: one hash for every account (as the demo seed does).
  const passwordHash = await hashPassword(PEAK_PASSWORD);
  const hashLiteral = `'${passwordHash.replace(/'/g, "''")}'`;

  await step(
    "empty the marketplace",
    `truncate users, coaches, families, athletes, rates, time_slots, bookings, reviews, session_feedback, session_skill_ratings,
       refunds, conversations, messages, conversation_reads, packages, package_purchases, credit_ledger, sessions, rate_limit_hits,
       outbox_messages, simulated_payment_objects, payment_events restart identity cascade`,
  );
  await db.execute(sql`select setseed(0.46)`);
  await step(
    `${N} coach users and ${F} family users`,
    `insert into users (id, email, password_hash, user_type, first_name, last_name, email_verified, created_at)
     select g, 'coach-' || g || '@peak.test', ${hashLiteral}, 'coach', 'Coach', 'Number ' || g, true, now() - interval '3 years'
     from generate_series(1, ${N}) g
     union all
     select ${N} + g, 'family-' || g || '@peak.test', ${hashLiteral}, 'player', 'Parent', 'Number ' || g, true, now() - interval '2 years'
     from generate_series(1, ${F}) g`,
  );
  await step(
    `${N} coaches at random ZIPs`,
    `with zips as (select row_number() over (order by zip) as n, zip, city, state, latitude, longitude, time_zone from zip_codes),
       total as (select count(*) as n from zips),
       picks as (select g as id, 1 + floor(random() * (select n from total))::int as n, random() as r1, random() as r2
                 from generate_series(1, ${N}) g)
     insert into coaches (id, user_id, title, bio, experience, zipcode, location, latitude, longitude, time_zone, specializations,
       payment_account_id, payment_details_submitted, payment_charges_enabled, payment_payouts_enabled)
     select p.id, p.id, 'Lacrosse Coach', 'Coach working with youth and high school players on the fundamentals.',
       (3 + p.id % 15) || ' years coaching', z.zip, z.city || ', ' || z.state, z.latitude, z.longitude, z.time_zone,
       case when p.r2 < 0.4
         then array[(array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + floor(p.r1 * 5)::int]]
         else array[(array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + floor(p.r1 * 5)::int],
                    (array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + (floor(p.r1 * 5)::int + 1 + floor(p.r2 * 4)::int) % 5],
                    'Shooting']
       end,
       'acct_sim_peak_' || p.id, true, true, true
     from picks p join zips z on z.n = p.n`,
  );
  // Rate ids: coach c's 60-minute individual rate is c, its 30-minute one N + c, its group one 2N + c.
  await step(
    "rates",
    `insert into rates (id, coach_id, session_type, duration_minutes, rate_cents)
     select g, g, 'individual', 60, (60 + 5 * (g % 13)) * 100 from generate_series(1, ${N}) g
     union all select ${N} + g, g, 'individual', 30, (40 + 5 * (g % 7)) * 100 from generate_series(1, ${N}) g
     union all select ${2 * N} + g, g, 'group', 60, (25 + 5 * (g % 6)) * 100 from generate_series(1, ${N}) g`,
  );
  await step(
    `${F} families, their guardians and ${nationalSizes(N).athletes} athletes`,
    `insert into families (id, owner_user_id, created_at) select f, ${N} + f, now() - interval '2 years' from generate_series(1, ${F}) f;
     insert into family_guardians (family_id, user_id, created_at) select f, ${N} + f, now() - interval '2 years' from generate_series(1, ${F}) f;
     insert into athletes (id, family_id, first_name, last_name, birthday, position, skill_level, created_at)
     select f, f, 'Parent', 'Number ' || f, date '2010-01-01' + (f % 2500), (array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + f % 5],
       'intermediate', now() - interval '2 years' from generate_series(1, ${F}) f
     union all
     select ${F} + f / 2, f, 'Sibling', 'Number ' || f, date '2012-01-01' + (f % 2500), (array['Attack','Defense','Faceoff','Goalie','Midfield'])[1 + (f / 2) % 5],
       'beginner', now() - interval '1 year' from generate_series(2, ${F}, 2) f`,
  );
  // Slot id (c - 1) * 50 + k. k 1..25: one a week over the last 25 weeks (k weeks back); 26..50:
  // the next four weeks, a tenth of them group sessions, a twentieth closed by the coach.
  await step(
    `${N * SLOTS_PER_COACH} slots (${PAST_SLOTS_PER_COACH} past and ${FUTURE_SLOTS_PER_COACH} ahead per coach)`,
    `insert into time_slots (id, coach_id, starts_at, ends_at, is_available, is_group, capacity, location_name, location_address, created_at)
     select s.id, s.coach_id, s.starts_at, s.starts_at + interval '1 hour', s.open, s.is_group, case when s.is_group then 4 else 1 end,
       'Community Field', '100 Main St, ' || s.location, least(s.starts_at, now()) - interval '10 days'
     from (
       select (c.id - 1) * ${SLOTS_PER_COACH} + k as id, c.id as coach_id, c.location,
         ((date_trunc('day', now() at time zone c.time_zone)
           + case when k <= ${PAST_SLOTS_PER_COACH}
               then make_interval(days => -(7 * k - c.id % 7), hours => 8 + (k * 7 + c.id) % 10)
               else make_interval(days => 1 + floor((k - ${PAST_SLOTS_PER_COACH + 1}) * 28.0 / ${FUTURE_SLOTS_PER_COACH})::int,
                                  hours => 8 + (k * 7 + c.id) % 11) end)
          at time zone c.time_zone) as starts_at,
         k > ${PAST_SLOTS_PER_COACH} and (k + c.id) % 10 = 0 and k not in (${BOOKED_FUTURE.join(", ")}) as is_group,
         k <= ${PAST_SLOTS_PER_COACH} or (k * c.id) % 20 <> 0 or k in (${BOOKED_FUTURE.join(", ")}) as open
       from coaches c cross join generate_series(1, ${SLOTS_PER_COACH}) k
     ) s
     order by s.id`,
  );
  await step(
    `coach 1's ${HEAVY_COACH_SESSIONS} older sessions`,
    `insert into time_slots (id, coach_id, starts_at, ends_at, is_available, is_group, capacity, location_name, created_at)
     select ${N * SLOTS_PER_COACH} + j, 1, date_trunc('hour', now()) - make_interval(days => 180, hours => 8 * j),
       date_trunc('hour', now()) - make_interval(days => 180, hours => 8 * j) + interval '1 hour', true, false, 1, 'Community Field',
       now() - make_interval(days => 190, hours => 8 * j)
     from generate_series(1, ${HEAVY_COACH_SESSIONS}) j`,
  );
  // Booking ids: past slot k of coach c is booking (c - 1) * 8 + k; the two paid seats ahead follow
  // (8N + (c - 1) * 2 + 1 or 2); coach 1's older sessions last. Family 1 + (c * 7919 + k * 104729) % F,
  // its first athlete. Past: by (c + k) % 20, 0-14 and 19 completed, 15-16 cancelled and refunded,
  // 17 a hold that expired unpaid, 18 a no-show.
  const bookingColumns = `id, student_id, coach_id, time_slot_id, rate_id, athlete_id, session_type, duration_minutes, rate_cents,
    platform_fee_cents, tip_cents, total_cents, coach_earnings_cents, starts_at, ends_at, status, payment_status, payment_intent_id,
    hold_expires_at, confirmed_at, completed_at, cancelled_at, cancel_code, cancellation_reason, feedback_submitted_at, payout_status,
    transfer_id, payout_released_at, no_show_at, no_show_note, created_at, updated_at`;
  const bookingRow = (
    id: string,
    outcome: string,
  ) => `${id}, ${N} + fam, coach_id, slot_id, coach_id, fam, 'individual', 60, 8500, 1275, 0, 9775, 8500,
       starts_at, ends_at,
       case ${outcome} when 'completed' then 'completed' when 'no_show' then 'no_show' when 'ahead' then 'confirmed' else 'cancelled' end,
       case ${outcome} when 'refunded' then 'refunded' when 'expired' then 'unpaid' else 'completed' end,
       case when ${outcome} = 'expired' then null else 'pi_peak_' || ${id} end,
       least(starts_at - interval '9 days', now() - interval '1 hour') + interval '10 minutes',
       case when ${outcome} = 'expired' then null else least(starts_at - interval '9 days', now() - interval '1 hour') end,
       case when ${outcome} = 'completed' then ends_at end,
       case ${outcome} when 'refunded' then starts_at - interval '2 days' when 'expired' then starts_at - interval '9 days' + interval '10 minutes' end,
       case ${outcome} when 'refunded' then 'student_cancelled' when 'expired' then 'hold_expired' end,
       case when ${outcome} = 'refunded' then 'Schedule conflict' end,
       case when ${outcome} = 'completed' then ends_at + interval '2 hours' end,
       case when ${outcome} in ('completed', 'no_show') then 'paid' else 'none' end,
       case when ${outcome} in ('completed', 'no_show') then 'tr_peak_' || ${id} end,
       case when ${outcome} in ('completed', 'no_show') then ends_at + interval '3 hours' end,
       case when ${outcome} = 'no_show' then ends_at + interval '1 hour' end,
       case when ${outcome} = 'no_show' then 'Did not come' end,
       least(starts_at - interval '9 days', now() - interval '1 hour'), least(starts_at, now())`;
  await step(
    `${N * (BOOKED_PAST + BOOKED_FUTURE.length)} bookings`,
    `insert into bookings (${bookingColumns})
     select ${bookingRow("b.id", "b.outcome")}
     from (select b0.*, ts.starts_at, ts.ends_at from (
       select (c - 1) * ${BOOKED_PAST} + k as id, c as coach_id, (c - 1) * ${SLOTS_PER_COACH} + k as slot_id,
         1 + (c::bigint * 7919 + k * 104729) % ${F} as fam,
         case when (c + k) % 20 in (15, 16) then 'refunded' when (c + k) % 20 = 17 then 'expired'
              when (c + k) % 20 = 18 then 'no_show' else 'completed' end as outcome
       from generate_series(1, ${N}) c cross join generate_series(1, ${BOOKED_PAST}) k
       union all
       select ${N * BOOKED_PAST} + (c - 1) * ${BOOKED_FUTURE.length} + i, c, (c - 1) * ${SLOTS_PER_COACH} + (array[${BOOKED_FUTURE.join(", ")}])[i],
         1 + (c::bigint * 7919 + i * 15485863) % ${F}, 'ahead'
       from generate_series(1, ${N}) c cross join generate_series(1, ${BOOKED_FUTURE.length}) i
     ) b0 join time_slots ts on ts.id = b0.slot_id
     ) b order by b.id`,
  );
  await step(
    `coach 1's ${HEAVY_COACH_SESSIONS} older sessions booked and completed`,
    `insert into bookings (${bookingColumns})
     select ${bookingRow("b.id", "'completed'")}
     from (select b0.*, ts.starts_at, ts.ends_at
       from (select ${N * (BOOKED_PAST + BOOKED_FUTURE.length)} + j as id, 1 as coach_id, ${N * SLOTS_PER_COACH} + j as slot_id,
               1 + (j * 104729) % ${F} as fam from generate_series(1, ${HEAVY_COACH_SESSIONS}) j) b0
       join time_slots ts on ts.id = b0.slot_id) b`,
  );
  await step(
    "feedback and two skill ratings for every completed session",
    `insert into session_feedback (id, booking_id, coach_id, feedback, rating, created_at)
     select id, id, coach_id, 'Good work on the fundamentals; keep the stick in your top hand.', 3 + id % 3, feedback_submitted_at
     from bookings where status = 'completed';
     insert into session_skill_ratings (id, booking_id, athlete_id, coach_id, skill, rating, created_at)
     select 2 * b.id - 1 + s.i, b.id, b.athlete_id, b.coach_id, s.skill, 2 + (b.id + s.i) % 4, b.feedback_submitted_at
     from bookings b cross join (values (0, 'stick_skills'), (1, 'ground_balls')) s(i, skill) where b.status = 'completed'`,
  );
  await step(
    "reviews of a third of the completed sessions",
    `insert into reviews (booking_id, coach_id, student_id, comment, rating, created_at)
     select id, coach_id, student_id, 'Great session', 3 + id % 3, completed_at + interval '1 day'
     from bookings where status = 'completed' and id % 3 = 0 order by id`,
  );
  await step(
    "refunds of the refunded cancellations",
    `insert into refunds (booking_id, payment_intent_id, amount_cents, reason, status, provider_refund_id, attempts, next_attempt_at, created_at, updated_at)
     select id, payment_intent_id, total_cents, 'student_cancelled', 'sent', 're_peak_' || id, 1, cancelled_at, cancelled_at, cancelled_at
     from bookings where payment_status = 'refunded' order by id`,
  );
  // Package p belongs to coach 2p and was bought by family p, its credits unused.
  const P = nationalSizes(N).packages;
  await step(
    `${P} packages, bought, with their credits`,
    `insert into packages (id, coach_id, title, session_type, duration_minutes, session_count, price_cents, valid_days, created_at)
     select p, 2 * p, 'Five sessions', 'individual', 60, 5, 40000, 180, now() - interval '60 days' from generate_series(1, ${P}) p;
     insert into package_purchases (id, package_id, coach_id, family_id, buyer_id, athlete_id, title, session_type, duration_minutes,
       session_count, price_cents, platform_fee_cents, total_cents, valid_days, status, payment_intent_id, pay_by, paid_at, expires_at, created_at)
     select p, p, 2 * p, p, ${N} + p, p, 'Five sessions', 'individual', 60, 5, 40000, 6000, 46000, 180, 'paid', 'pi_peak_pkg_' || p,
       now() - interval '30 days', now() - interval '30 days', now() + interval '150 days', now() - interval '30 days'
     from generate_series(1, ${P}) p;
     insert into credit_ledger (purchase_id, kind, credits, value_cents, fee_cents, payment_intent_id, created_at)
     select p, 'purchase', 5, 40000, 6000, 'pi_peak_pkg_' || p, now() - interval '30 days' from generate_series(1, ${P}) p order by p`,
  );
  // Conversation f: family f with coach 1 + (f - 1) * 7 % N; 10 messages each, family 1's 500.
  const M = MESSAGES_PER_CONVERSATION;
  await step(
    `${F} conversations and ${(F - 1) * M + HEAVY_FAMILY_MESSAGES} messages`,
    `insert into conversations (id, coach_id, family_id, opened_by, opened_by_family, created_at, last_message_at)
     select f, 1 + ((f - 1)::bigint * 7) % ${N}, f, ${N} + f, true, now() - interval '60 days',
       now() - interval '60 days' + make_interval(hours => case when f = 1 then ${HEAVY_FAMILY_MESSAGES} else ${M} end)
     from generate_series(1, ${F}) f order by f;
     insert into messages (id, conversation_id, sender_id, body, created_at)
     select m.id, m.f, case when m.j % 2 = 1 then ${N} + m.f else 1 + ((m.f - 1)::bigint * 7) % ${N} end,
       case when m.j % 2 = 1 then 'Is there still room on Saturday morning? Message ' || m.j else 'Yes, see you at the field. Message ' || m.j end,
       now() - interval '60 days' + make_interval(hours => m.j)
     from (
       select (f - 2) * ${M} + j as id, f, j from generate_series(2, ${F}) f cross join generate_series(1, ${M}) j
       union all
       select ${(F - 1) * M} + j, 1, j from generate_series(1, ${HEAVY_FAMILY_MESSAGES}) j
     ) m order by m.id;
     insert into conversation_reads (conversation_id, user_id, last_read_message_id)
     select f, ${N} + f, case when f = 1 then ${(F - 1) * M + HEAVY_FAMILY_MESSAGES} else (f - 1) * ${M} end from generate_series(1, ${F}) f
     union all
     select f, 1 + ((f - 1)::bigint * 7) % ${N}, case when f = 1 then ${(F - 1) * M + HEAVY_FAMILY_MESSAGES} else (f - 1) * ${M} end
     from generate_series(1, ${F}) f`,
  );
  await step(
    "sequences after the given ids",
    [
      "users",
      "coaches",
      "rates",
      "families",
      "athletes",
      "time_slots",
      "bookings",
      "session_feedback",
      "session_skill_ratings",
      "packages",
      "package_purchases",
      "conversations",
      "messages",
    ]
      .map((t) => `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}));`)
      .join("\n"),
  );
  const started = performance.now();
  await db.execute(sql`set statement_timeout = 0`);
  await db.execute(sql`vacuum (analyze)`);
  log(`  vacuum and analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const coaches = nationalCoachCount();
  console.log(`National seed: ${coaches} coaches into ${nationalDatabaseUrl(coaches).replace(/:[^:@/]+@/, ":***@")}`);
  const { database } = await ensureNationalSeed(coaches);
  const counts = await database.db.execute(
    sql`select (select count(*) from coaches)::int as coaches, (select count(*) from time_slots)::int as slots,
      (select count(*) from bookings)::int as bookings, (select count(*) from families)::int as families,
      (select count(*) from athletes)::int as athletes, (select count(*) from messages)::int as messages,
      (select count(*) from packages)::int as packages, pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  console.log(rowsOf<Record<string, unknown>>(counts)[0]);
  await database.close();
}

// Run as a command only: bench/peak.ts imports this file.
const command = process.argv[1] ?? "";
if (/(^|\/)seed-national\.ts$/.test(command)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
