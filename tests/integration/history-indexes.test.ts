import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "@contract/paging";
import { MESSAGES_PAGE_SIZE } from "@contract/message-basics";
import { users } from "@server/db/schema/index";
import { rowsOf } from "@server/db/sql";
import { recordSqlStatements, type RecordedStatement } from "@server/db/statement-count";
import type { UserRow } from "@server/features/accounts/sessions.repository";
import { listCoachBookings, listStudentBookings } from "@server/features/bookings/bookings.service";
import { listConversationMessages, listMyConversations } from "@server/features/messages/messages.service";
import { getEarningsCards, getEarningsSeries } from "@server/features/progress/earnings.service";
import { runSweeps } from "@server/jobs/sweeps";
import { createBookableCoach, createPerson, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";

/**
 * Issue 46, guards in CI: the lists that grow with history (a coach's 5,000 past sessions, a
 * family's 500 messages) are paged, and each statement their pages send is answered through an
 * index: PostgreSQL's plan of the very statements the services sent (recorded by the drivers),
 * explained with sequential scans priced out (`enable_seqscan = off`, so that a table small
 * enough to scan whole still says whether an index could serve it), has no Seq Scan on the tables
 * that grow. On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */

const t = useTestApp();

const PAST_SESSIONS = 5000;
const FAMILY_MESSAGES = 500;
/** Tables that grow with history: a statement that scans one whole is what this guards against. */
const GROWING = new Set([
  "bookings",
  "time_slots",
  "messages",
  "conversations",
  "conversation_reads",
  "credit_ledger",
  "package_purchases",
]);

let coach: BookableCoach;
let family: Person;
let conversationId: number;
let coachUser: UserRow;
let familyUser: UserRow;

const userRow = async (id: number): Promise<UserRow> => {
  const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
};

beforeAll(async () => {
  const db = t.deps.database.db;
  coach = await createBookableCoach(t);
  family = await createPerson(t);
  const others = await Promise.all(Array.from({ length: 3 }, () => createPerson(t)));
  const now = t.deps.clock.now().toISOString();
  // The coach's history: 5,000 sessions over the years, one in ten the family's, the rest others'.
  const studentIds = `{${[family.userId, ...others.map((o) => o.userId)].join(",")}}`;
  await db.execute(sql`
    insert into time_slots (coach_id, starts_at, ends_at, is_group, capacity, location_name)
    select ${coach.coachId}, ${now}::timestamptz - g * interval '7 hours', ${now}::timestamptz - g * interval '7 hours' + interval '1 hour', false, 1, 'Memorial Field'
    from generate_series(1, ${PAST_SESSIONS}) g`);
  await db.execute(sql`
    insert into bookings (student_id, coach_id, time_slot_id, rate_id, session_type, duration_minutes, rate_cents, platform_fee_cents,
      total_cents, coach_earnings_cents, starts_at, ends_at, status, payment_status, payment_intent_id, confirmed_at, completed_at,
      feedback_submitted_at, payout_status, payout_released_at, created_at)
    select (${studentIds}::int[])[case when s.n % 10 = 0 then 1 else 2 + s.n % 3 end], s.coach_id, s.id, ${coach.rates.individual60},
      'individual', 60, 8500, 1275, 9775, 8500, s.starts_at, s.ends_at, 'completed', 'completed', 'pi_history_' || s.id,
      s.starts_at, s.ends_at, s.ends_at, 'paid', s.ends_at, s.starts_at - interval '3 days'
    from (select ts.*, row_number() over (order by ts.id) as n from time_slots ts where ts.coach_id = ${coach.coachId}) s`);
  // Other coaches' calendars beside it, as on a national database (a table of a few thousand rows
  // is joined whole; one of millions never is).
  const neighbour = await createBookableCoach(t);
  await db.execute(sql`
    insert into time_slots (coach_id, starts_at, ends_at, is_group, capacity, location_name)
    select ${neighbour.coachId}, ${now}::timestamptz + g * interval '1 hour', ${now}::timestamptz + g * interval '1 hour' + interval '1 hour', false, 1, 'North Field'
    from generate_series(1, ${PAST_SESSIONS * 10}) g`);
  // The family's thread with the coach: 500 messages, and other families' threads beside it.
  const opened = await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId });
  expect(opened.status).toBe(201);
  conversationId = opened.body.id as number;
  for (const other of others) expect((await post(t, "/api/conversations", other.cookie, { coachId: coach.coachId })).status).toBe(201);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, body, created_at)
    select c.id, case when g % 2 = 0 then ${coach.userId}::int else c.opened_by end, 'Message ' || g, ${now}::timestamptz - g * interval '1 hour'
    from conversations c, generate_series(1, ${FAMILY_MESSAGES}) g
    where c.coach_id = ${coach.coachId}`);
  await db.execute(sql`analyze`);
  coachUser = await userRow(coach.userId);
  familyUser = await userRow(family.userId);
}, 120_000);

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; "Index Cond"?: string; Plans?: PlanNode[] };

/** Every node of a plan, depth first, each with its parent's type. */
function nodesOf(node: PlanNode, parent = ""): { node: PlanNode; parent: string }[] {
  return [{ node, parent }, ...(node.Plans ?? []).flatMap((child) => nodesOf(child, node["Node Type"]))];
}

type PlanOptions = { analyze?: boolean };

/**
 * PostgreSQL's plan of the statement, with sequential scans priced out, on a connection of its own;
 * with `analyze`, run (inside a transaction rolled back, as a sweep's claim writes) and measured.
 */
async function planOf(statement: RecordedStatement, options: PlanOptions = {}): Promise<PlanNode> {
  const text = `explain (${options.analyze ? "analyze, " : ""}format json) ${statement.text}`;
  const client = (t.deps.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  let rows: { "QUERY PLAN": unknown }[];
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await connection.query("begin");
      await connection.query("set local enable_seqscan = off");
      rows = (await connection.query<{ "QUERY PLAN": unknown }>(text, statement.params)).rows;
    } finally {
      await connection.query("rollback");
      connection.release();
    }
  } else {
    await client.exec("begin; set local enable_seqscan = off");
    try {
      rows = (await client.query<{ "QUERY PLAN": unknown }>(text, statement.params)).rows;
    } finally {
      await client.exec("rollback");
    }
  }
  const plan = rows[0]?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

/** True for a partial index (one with a WHERE): it holds only the rows its predicate picks, a work list's due rows. */
async function isPartialIndex(name: string | undefined): Promise<boolean> {
  if (!name) return false;
  const result = await t.deps.database.db.execute(
    sql`select i.indpred is not null as partial from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`,
  );
  return rowsOf<{ partial: boolean }>(result)[0]?.partial === true;
}

/**
 * The growing tables a page's statements read whole: by a Seq Scan, or by an index walked from end
 * to end (an Index Scan with no Index Cond, which is what the planner picks when sequential scans
 * are priced out and no index fits; one that feeds a Merge Join is read only as far as the other,
 * indexed side reaches; a partial index, which holds only what its WHERE picks, is read whole).
 * None, when each is reached through an index that fits.
 */
async function wholeScansOf(recorded: RecordedStatement[]): Promise<string[]> {
  const scans: string[] = [];
  const reads = recorded.filter((statement) => /^\s*(select|with)\b/i.test(statement.text));
  expect(reads.length).toBeGreaterThan(0);
  for (const statement of reads) {
    for (const { node, parent } of nodesOf(await planOf(statement))) {
      if (!GROWING.has(node["Relation Name"] ?? "")) continue;
      const whole =
        node["Node Type"] === "Seq Scan" ||
        (node["Node Type"].startsWith("Index") &&
          !node["Index Cond"] &&
          parent !== "Merge Join" &&
          !(await isPartialIndex(node["Index Name"])));
      if (whole) scans.push(`${node["Node Type"]} on ${node["Relation Name"]} in: ${statement.text.replace(/\s+/g, " ").slice(0, 200)}`);
    }
  }
  return scans;
}

describe("history that grows is paged and indexed (issue 46)", () => {
  it("the coach's bookings: a page of 100 from 5,000 sessions, the next by cursor, each through an index", async () => {
    const first = await recordSqlStatements(() => listCoachBookings(t.deps, coachUser));
    expect(first.result.items).toHaveLength(LIST_PAGE_SIZE);
    expect(first.result.nextCursor).not.toBeNull();
    const next = await recordSqlStatements(() => listCoachBookings(t.deps, coachUser, Number(first.result.nextCursor)));
    expect(next.result.items).toHaveLength(LIST_PAGE_SIZE);
    expect(next.result.items[0]!.id).not.toBe(first.result.items[0]!.id);
    expect(await wholeScansOf([...first.recorded, ...next.recorded])).toEqual([]);
  });

  it("the family's bookings (My Bookings): paged by cursor, each page through an index", async () => {
    const first = await recordSqlStatements(() => listStudentBookings(t.deps, familyUser));
    expect(first.result.items).toHaveLength(LIST_PAGE_SIZE);
    expect(first.result.nextCursor).not.toBeNull();
    const next = await recordSqlStatements(() => listStudentBookings(t.deps, familyUser, Number(first.result.nextCursor)));
    expect(next.result.items).toHaveLength(LIST_PAGE_SIZE);
    expect(await wholeScansOf([...first.recorded, ...next.recorded])).toEqual([]);
  });

  it("a conversation of 500 messages: a page of 50, the next by cursor, each through an index", async () => {
    const first = await recordSqlStatements(() => listConversationMessages(t.deps, familyUser, conversationId, undefined));
    expect(first.result.items).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.result.nextCursor).not.toBeNull();
    const next = await recordSqlStatements(() =>
      listConversationMessages(t.deps, familyUser, conversationId, first.result.nextCursor ?? undefined),
    );
    expect(next.result.items).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(next.result.items.map((m) => m.id)).not.toContain(first.result.items[0]!.id);
    expect(await wholeScansOf([...first.recorded, ...next.recorded])).toEqual([]);
  });

  it("the coach's conversations list reads through an index", async () => {
    const { result, recorded } = await recordSqlStatements(() => listMyConversations(t.deps, coachUser, undefined));
    expect(result.items).toHaveLength(4);
    expect(await wholeScansOf(recorded)).toEqual([]);
  });

  it("the coach's earnings (dashboard cards and chart) read the coach's sessions through an index", async () => {
    const cards = await recordSqlStatements(() => getEarningsCards(t.deps, coachUser));
    expect(cards.result.paidOut).toBe((PAST_SESSIONS * 85).toFixed(2));
    const chart = await recordSqlStatements(() => getEarningsSeries(t.deps, coachUser, {}));
    expect(chart.result.periods.length).toBeGreaterThan(0);
    expect(await wholeScansOf([...cards.recorded, ...chart.recorded])).toEqual([]);
  });
});

type MeasuredNode = PlanNode & {
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
};

/** The rows of growing tables a run of the plan read (returned or filtered out), per table. */
function rowsReadOf(plan: PlanNode): Map<string, number> {
  const read = new Map<string, number>();
  for (const { node } of nodesOf(plan)) {
    const table = node["Relation Name"] ?? "";
    if (!GROWING.has(table)) continue;
    const m = node as MeasuredNode;
    const rows = (m["Actual Rows"] ?? 0) + (m["Rows Removed by Filter"] ?? 0) + (m["Rows Removed by Index Recheck"] ?? 0);
    read.set(table, (read.get(table) ?? 0) + Math.round(rows * (m["Actual Loops"] ?? 1)));
  }
  return read;
}

/** Most rows of a growing table one sweep statement may read when nothing is due: a few index pages, never the history. */
const IDLE_SWEEP_ROWS = 50;

describe("the sweeps read what is due, not the history (issue 46)", () => {
  beforeAll(async () => {
    const db = t.deps.database.db;
    const now = t.deps.clock.now().toISOString();
    // A month of cancelled sessions whose charges were refunded (the late-payment sweep's window), on
    // the coach's past slots, and a thousand confirmed sessions to come in the neighbouring calendar.
    await db.execute(sql`
      insert into bookings (student_id, coach_id, time_slot_id, session_type, duration_minutes, rate_cents, platform_fee_cents,
        total_cents, coach_earnings_cents, starts_at, ends_at, status, payment_status, payment_intent_id, cancelled_at, cancel_code)
      select ${family.userId}, s.coach_id, s.id, 'individual', 60, 8500, 1275, 9775, 8500, s.starts_at, s.ends_at, 'cancelled', 'refunded',
        'pi_refunded_' || s.id, ${now}::timestamptz - s.n * interval '20 minutes', 'student_cancelled'
      from (select ts.*, row_number() over (order by ts.id) as n from time_slots ts where ts.coach_id = ${coach.coachId} limit 2000) s`);
    await db.execute(sql`
      insert into bookings (student_id, coach_id, time_slot_id, session_type, duration_minutes, rate_cents, platform_fee_cents,
        total_cents, coach_earnings_cents, starts_at, ends_at, status, payment_status, payment_intent_id, confirmed_at)
      select ${family.userId}, s.coach_id, s.id, 'individual', 60, 8500, 1275, 9775, 8500, s.starts_at, s.ends_at, 'confirmed', 'completed',
        'pi_confirmed_' || s.id, ${now}::timestamptz
      from (select ts.* from time_slots ts where ts.coach_id <> ${coach.coachId} and ts.starts_at > ${now}::timestamptz order by ts.starts_at limit 1000) s`);
    // The coach can be paid out (a waiting payout would go at once): the 5,000 sessions are paid already.
    await db.execute(
      sql`update coaches set payment_account_id = 'acct_history', payment_payouts_enabled = true where id = ${coach.coachId}`,
    );
    await db.execute(sql`analyze`);
    // What was due (review requests for the last week's sessions, reminders) goes out first.
    await runSweeps(t.deps);
  }, 120_000);

  it("each sweep's statements, with nothing due, read a growing table only through an index and only a few rows", async () => {
    const { recorded } = await recordSqlStatements(() => runSweeps(t.deps));
    const heavy = await wholeScansOf(recorded);
    for (const statement of recorded.filter((s) => /^\s*(select|with)\b/i.test(s.text))) {
      for (const [table, rows] of rowsReadOf(await planOf(statement, { analyze: true }))) {
        if (rows > IDLE_SWEEP_ROWS) heavy.push(`${rows} rows of ${table} in: ${statement.text.replace(/\s+/g, " ").slice(0, 160)}`);
      }
    }
    expect(heavy).toEqual([]);
  });
});
