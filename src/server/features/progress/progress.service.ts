import { TZDate } from "@date-fns/tz";
import { addMonths, addWeeks, differenceInCalendarDays, format, startOfMonth, startOfWeek } from "date-fns";
import { BookingMessages } from "@contract/booking-basics";
import { CoachMessages } from "@contract/coaches";
import { centsToDecimal } from "@contract/money";
import {
  EARNINGS_CSV_HEADER,
  ProgressMessages,
  skillLabel,
  skillsForPosition,
  type AthleteProgress,
  type CoachEarningsSeries,
  type CoachStatement,
  type EarningsInterval,
  type EarningsPeriod,
  type EarningsQuery,
  type SkillOption,
  type SkillSeries,
} from "@contract/progress";
import { guardianIdsOfFamily } from "../../db/families";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./progress.repository";
import { fullName } from "@contract/names";
import { present } from "../../present";

/**
 * GET /api/skills?position= : the skills a coach may rate for an athlete of that position; with
 * ?bookingId= the list of that booking's athlete (its coach only; anyone else gets 404).
 */
export async function listSkills(
  deps: AppDeps,
  user: UserRow,
  query: { position?: string; bookingId?: number },
): Promise<readonly SkillOption[]> {
  if (query.bookingId === undefined) return skillsForPosition(query.position);
  const booking = await repo.findBookingForSkills(deps.database.db, query.bookingId);
  if (!booking || booking.coachUserId !== user.id) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return skillsForPosition(booking.position);
}

const dayOf = (at: Date, timeZone: string) => format(new TZDate(at.getTime(), timeZone), "yyyy-MM-dd");

/**
 * GET /api/athletes/{id}/progress (DESIGN.md 11): readable by any guardian of the athlete's family
 * and by a coach who coached the athlete; anyone else, and a missing athlete, get the same 404.
 */
export async function getAthleteProgress(deps: AppDeps, user: UserRow, athleteId: number): Promise<AthleteProgress> {
  const db = deps.database.db;
  const athlete = await repo.findAthlete(db, athleteId);
  if (!athlete || !(await mayReadProgress(deps, user, athlete))) throw notFound(ProgressMessages.ATHLETE_NOT_FOUND);

  const bySkill = new Map<string, SkillSeries>();
  for (const r of await repo.listSkillRatings(db, athleteId)) {
    const series = bySkill.get(r.skill) ?? { skill: r.skill, label: skillLabel(r.skill), ratings: [] };
    series.ratings.push({
      date: dayOf(r.startsAt, r.timeZone),
      bookingId: r.bookingId,
      coachId: r.coachId,
      coach: r.coachName || "Coach",
      rating: r.rating,
    });
    bySkill.set(r.skill, series);
  }
  // The position's skills in the contract's order first, then any rated under another position.
  const order = skillsForPosition(athlete.position).map((s) => s.skill);
  const skills = [...bySkill.values()].sort((a, b) => rank(order, a.skill) - rank(order, b.skill));

  const feedback = (await repo.listFeedback(db, athleteId)).map((f) => ({
    bookingId: f.bookingId,
    date: dayOf(f.startsAt, f.timeZone),
    coachId: f.coachId,
    coach: f.coachName || "Coach",
    rating: f.rating,
    feedback: f.feedback,
  }));
  return {
    athlete: { id: athlete.id, firstName: athlete.firstName, lastName: athlete.lastName, position: athlete.position },
    skills,
    feedback,
  };
}

function rank(order: string[], skill: string): number {
  const i = order.indexOf(skill);
  return i === -1 ? order.length : i;
}

async function mayReadProgress(deps: AppDeps, user: UserRow, athlete: { id: number; familyId: number }): Promise<boolean> {
  const db = deps.database.db;
  if ((await guardianIdsOfFamily(db, athlete.familyId)).includes(user.id)) return true;
  if (user.userType !== "coach") return false;
  const coach = await repo.findCoachOfUser(db, user.id);
  return coach !== undefined && (await repo.hasCoachedAthlete(db, coach.id, athlete.id));
}

/** At most this many days in one earnings answer (five years of weeks is 261 periods). */
const MAX_RANGE_DAYS = 5 * 366;
const DEFAULT_PERIODS = 12;

type Range = { from: string; to: string; interval: EarningsInterval };

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

type Sums = { sessions: number; grossCents: number; tipCents: number; feeCents: number; paidOutCents: number; pendingCents: number };
const zero = (): Sums => ({ sessions: 0, grossCents: 0, tipCents: 0, feeCents: 0, paidOutCents: 0, pendingCents: 0 });

function add(sums: Sums, s: repo.EarningSession): void {
  sums.sessions += 1;
  sums.grossCents += s.rateCents;
  sums.tipCents += s.tipCents;
  sums.feeCents += s.platformFeeCents;
  if (s.payoutStatus === "paid") sums.paidOutCents += s.coachEarningsCents;
  else sums.pendingCents += s.coachEarningsCents;
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
 * GET /api/coach/earnings (DESIGN.md 11): every week (Monday to Sunday) or month of the range in
 * the coach's time zone, empty ones included, by the sessions starting in it. Repeat clients are
 * the families with two or more such sessions in the whole range.
 */
export async function getEarningsSeries(deps: AppDeps, user: UserRow, query: EarningsQuery): Promise<CoachEarningsSeries> {
  const coach = await requireCoach(deps, user);
  const { range, starts, end } = resolveRange(query, coach.timeZone, deps.clock.now());
  const sessions = await repo.listEarningSessions(deps.database.db, coach.id, present(starts[0], "the first period"), end);
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
  const lines = [
    EARNINGS_CSV_HEADER.join(","),
    ...series.periods.map((p) => [p.start, p.sessions, p.gross, p.tips, p.platformFees, p.paidOut, p.pending].join(",")),
  ];
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
  const sessions = await repo.listEarningSessions(deps.database.db, coach.id, present(starts[0], "the first period"), end);
  const sums = bucket(sessions, starts);
  const total = zero();
  for (const s of sessions) add(total, s);
  const totalRow = toPeriod("", total);
  return {
    year,
    coach: { name: fullName(user) || "Coach", timeZone: coach.timeZone },
    months: starts.map((start, i) => toPeriod(format(start, "yyyy-MM-dd"), present(sums[i], "the sums of a period"))),
    totals: {
      sessions: totalRow.sessions,
      gross: totalRow.gross,
      tips: totalRow.tips,
      platformFees: totalRow.platformFees,
      paidOut: totalRow.paidOut,
      pending: totalRow.pending,
    },
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
