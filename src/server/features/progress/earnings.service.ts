import { TZDate } from "@date-fns/tz";
import { addMonths, addWeeks, differenceInCalendarDays, format, startOfMonth, startOfWeek } from "date-fns";
import { CoachMessages } from "@contract/coaches";
import {
  EARNINGS_CSV_HEADER,
  earningsCsvRow,
  earningsKindOf,
  type CoachEarnings,
  type CoachEarningsSeries,
  type CoachStatement,
  type EarningsInterval,
  type EarningsPeriod,
  type EarningsQuery,
} from "@contract/earnings";
import { centsToDecimal } from "@contract/money";
import { ProgressMessages } from "@contract/progress";
import { fullName } from "@contract/names";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import { present } from "../../present";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./progress.repository";

/**
 * The coach's figures in one place (DESIGN.md 12, contract/earnings.ts): the dashboard's cards,
 * the series behind the chart, its CSV and the yearly statement (JSON and PDF) all sum the same
 * sessions with `add`, so they agree to the cent.
 */

/** At most this many days in one earnings answer (five years of weeks is 261 periods). */
const MAX_RANGE_DAYS = 5 * 366;
const DEFAULT_PERIODS = 12;

type Range = { from: string; to: string; interval: EarningsInterval };

const dayOf = (at: Date, timeZone: string) => format(new TZDate(at.getTime(), timeZone), "yyyy-MM-dd");

function parseDay(day: string, timeZone: string): TZDate {
  const [y = NaN, m = NaN, d = NaN] = day.split("-").map(Number);
  const date = new TZDate(y, m - 1, d, timeZone);
  if (Number.isNaN(date.getTime()) || format(date, "yyyy-MM-dd") !== day) throw badRequest(ProgressMessages.INVALID_RANGE);
  return date;
}

const periodStart = (at: TZDate, interval: EarningsInterval) =>
  interval === "week" ? startOfWeek(at, { weekStartsOn: 1 }) : startOfMonth(at);
const nextPeriod = (at: TZDate, interval: EarningsInterval) => (interval === "week" ? addWeeks(at, 1) : addMonths(at, 1));

/** The range asked for, in the coach's zone; without one, the last 12 weeks or months up to today. */
function resolveRange(query: EarningsQuery, timeZone: string, now: Date): { range: Range; starts: TZDate[]; end: TZDate } {
  const interval = query.interval ?? "week";
  const today = new TZDate(now.getTime(), timeZone);
  const toDay = query.to ? parseDay(query.to, timeZone) : today;
  let fromDay: TZDate;
  if (query.from) fromDay = parseDay(query.from, timeZone);
  else {
    fromDay = periodStart(toDay, interval);
    for (let i = 1; i < DEFAULT_PERIODS; i++) fromDay = interval === "week" ? addWeeks(fromDay, -1) : addMonths(fromDay, -1);
  }
  if (fromDay.getTime() > toDay.getTime()) throw badRequest(ProgressMessages.INVALID_RANGE);
  if (differenceInCalendarDays(toDay, fromDay) > MAX_RANGE_DAYS) throw badRequest(ProgressMessages.RANGE_TOO_LONG);
  const starts: TZDate[] = [];
  let at = periodStart(fromDay, interval);
  while (at.getTime() <= toDay.getTime()) {
    starts.push(at);
    at = nextPeriod(at, interval);
  }
  return { range: { from: format(fromDay, "yyyy-MM-dd"), to: format(toDay, "yyyy-MM-dd"), interval }, starts, end: at };
}

type Sums = {
  sessions: number;
  grossCents: number;
  tipCents: number;
  feeCents: number;
  paidOutCents: number;
  pendingCents: number;
  upcomingCents: number;
  upcomingSessions: number;
};
const zero = (): Sums => ({
  sessions: 0,
  grossCents: 0,
  tipCents: 0,
  feeCents: 0,
  paidOutCents: 0,
  pendingCents: 0,
  upcomingCents: 0,
  upcomingSessions: 0,
});

/**
 * The one computation: a session counts as earned or upcoming (contract's rule) or not at all. A
 * group of sessions of one status and payout (repo.sumEarningSessions) counts as its `sessions`, its
 * cents already summed.
 */
function add(sums: Sums, s: repo.EarningSession | repo.EarningSessionGroup): void {
  const kind = earningsKindOf(s);
  const count = "sessions" in s ? s.sessions : 1;
  if (kind === "upcoming") {
    sums.upcomingSessions += count;
    sums.upcomingCents += s.rateCents;
  } else if (kind === "earned") {
    sums.sessions += count;
    sums.grossCents += s.rateCents;
    sums.tipCents += s.tipCents;
    sums.feeCents += s.platformFeeCents;
    if (s.payoutStatus === "paid") sums.paidOutCents += s.coachEarningsCents;
    else sums.pendingCents += s.coachEarningsCents;
  }
}

function toPeriod(start: string, sums: Sums): EarningsPeriod {
  return {
    start,
    sessions: sums.sessions,
    gross: centsToDecimal(sums.grossCents),
    tips: centsToDecimal(sums.tipCents),
    platformFees: centsToDecimal(sums.feeCents),
    paidOut: centsToDecimal(sums.paidOutCents),
    pending: centsToDecimal(sums.pendingCents),
    upcoming: centsToDecimal(sums.upcomingCents),
    upcomingSessions: sums.upcomingSessions,
  };
}

/** Buckets the sessions into the periods that start at `starts` (each runs to the next, the last to `end`). */
function bucket(sessions: repo.EarningSession[], starts: TZDate[]): Sums[] {
  const sums = starts.map(zero);
  let i = 0;
  for (const s of sessions) {
    for (let next = starts[i + 1]; next && s.startsAt.getTime() >= next.getTime(); next = starts[i + 1]) i++;
    add(present(sums[i], "the period of a session"), s);
  }
  return sums;
}

async function requireCoach(deps: AppDeps, user: UserRow) {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach) throw notFound(CoachMessages.PROFILE_NOT_FOUND);
  return coach;
}

/**
 * GET /api/coach/earnings (DESIGN.md 11, 12): every week (Monday to Sunday) or month of the range in
 * the coach's time zone, empty ones included, by the sessions starting in it. Repeat clients are
 * the families with two or more such sessions in the whole range.
 */
export async function getEarningsSeries(deps: AppDeps, user: UserRow, query: EarningsQuery): Promise<CoachEarningsSeries> {
  const coach = await requireCoach(deps, user);
  const { range, starts, end } = resolveRange(query, coach.timeZone, deps.clock.now());
  const sessions = await repo.listEarningSessions(deps.database.db, coach.id, { from: present(starts[0], "the first period"), to: end });
  const sums = bucket(sessions, starts);
  const perClient = new Map<string, number>();
  for (const s of sessions) perClient.set(s.clientKey, (perClient.get(s.clientKey) ?? 0) + 1);
  return {
    ...range,
    periods: starts.map((start, i) => toPeriod(format(start, "yyyy-MM-dd"), present(sums[i], "the sums of a period"))),
    clients: perClient.size,
    repeatClients: [...perClient.values()].filter((n) => n >= 2).length,
  };
}

/** GET /api/coach/earnings.csv: the same rows as the JSON, one line per period. */
export async function getEarningsCsv(deps: AppDeps, user: UserRow, query: EarningsQuery): Promise<{ filename: string; csv: string }> {
  const series = await getEarningsSeries(deps, user, query);
  const lines = [EARNINGS_CSV_HEADER.join(","), ...series.periods.map(earningsCsvRow)];
  return { filename: `earnings-${series.interval}-${series.from}-to-${series.to}.csv`, csv: `${lines.join("\r\n")}\r\n` };
}

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

/** GET /api/coach/statements/{year}: the year's sessions by month (coach's zone) and the payouts sent for them. */
export async function getStatement(deps: AppDeps, user: UserRow, yearText: string): Promise<CoachStatement> {
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) throw badRequest(ProgressMessages.INVALID_YEAR);
  const coach = await requireCoach(deps, user);
  const starts = Array.from({ length: 12 }, (_, m) => new TZDate(year, m, 1, coach.timeZone));
  const end = new TZDate(year + 1, 0, 1, coach.timeZone);
  const sessions = await repo.listEarningSessions(deps.database.db, coach.id, { from: present(starts[0], "the first period"), to: end });
  const sums = bucket(sessions, starts);
  const total = zero();
  for (const s of sessions) add(total, s);
  const { start: _start, ...totals } = toPeriod("", total);
  return {
    year,
    coach: { name: fullName(user) || "Coach", timeZone: coach.timeZone },
    months: starts.map((start, i) => toPeriod(format(start, "yyyy-MM-dd"), present(sums[i], "the sums of a period"))),
    totals,
    payouts: sessions.flatMap((s) =>
      s.payoutStatus === "paid" && s.transferId
        ? [
            {
              bookingId: s.id,
              sessionDate: dayOf(s.startsAt, coach.timeZone),
              amount: centsToDecimal(s.coachEarningsCents),
              transferId: s.transferId,
              paidAt: s.payoutReleasedAt?.toISOString() ?? "",
            },
          ]
        : [],
    ),
  };
}

/**
 * GET /api/coaches/me/earnings, the dashboard's cards: This Week (earned or upcoming sessions
 * starting this week), Monthly Earnings (this month's earned, whole dollars), Total Students, and
 * to be paid, paid out and upcoming over all time. Weeks run Monday to Sunday, in the coach's zone.
 */
export async function getEarningsCards(deps: AppDeps, user: UserRow): Promise<CoachEarnings> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach)
    return { thisWeekSessions: 0, monthlyEarnings: 0, totalStudents: 0, pendingPayouts: "0.00", paidOut: "0.00", upcoming: "0.00" };
  // The coach's wall clock: weeks and months start at local midnight, whatever daylight saving does.
  const now = new TZDate(deps.clock.now().getTime(), coach.timeZone);
  const week = startOfWeek(now, { weekStartsOn: 1 });
  const month = startOfMonth(now);
  const weekEnd = addWeeks(week, 1);
  const monthEnd = addMonths(month, 1);
  // The week and the month as sessions (a few), all time as sums (a few rows, whatever the history).
  const from = week < month ? week : month;
  const to = weekEnd > monthEnd ? weekEnd : monthEnd;
  const [recent, { groups, students }] = await Promise.all([
    repo.listEarningSessions(deps.database.db, coach.id, { from, to }),
    repo.sumEarningSessions(deps.database.db, coach.id),
  ]);
  const all = zero();
  const weekSums = zero();
  const monthSums = zero();
  const within = (s: repo.EarningSession, start: Date, end: Date) => s.startsAt >= start && s.startsAt < end;
  for (const group of groups) add(all, group);
  for (const s of recent) {
    if (within(s, week, weekEnd)) add(weekSums, s);
    if (within(s, month, monthEnd)) add(monthSums, s);
  }
  return {
    thisWeekSessions: weekSums.sessions + weekSums.upcomingSessions,
    monthlyEarnings: Math.floor(monthSums.grossCents / 100),
    totalStudents: students,
    pendingPayouts: centsToDecimal(all.pendingCents),
    paidOut: centsToDecimal(all.paidOutCents),
    upcoming: centsToDecimal(all.upcomingCents),
  };
}
