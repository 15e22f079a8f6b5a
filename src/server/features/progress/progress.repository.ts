import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { athletes, bookings, coaches, sessionFeedback, sessionSkillRatings, users } from "../../db/schema/index";
import { type Queryable, instant } from "../../db/sql";
import { joinCoachUser, userNameSql } from "../../db/people";
import { EARNED_STATUSES, UPCOMING_STATUSES } from "@contract/earnings";

export { coachRowOfUser as findCoachOfUser } from "../../db/coach-of-user";

export async function findAthlete(db: Queryable, athleteId: number) {
  const [row] = await db
    .select({
      id: athletes.id,
      familyId: athletes.familyId,
      firstName: athletes.firstName,
      lastName: athletes.lastName,
      position: athletes.position,
    })
    .from(athletes)
    .where(eq(athletes.id, athleteId));
  return row;
}

/** A booking's coach (their user) and the position of its athlete: which skills its feedback may rate. */
export async function findBookingForSkills(db: Queryable, bookingId: number) {
  const [row] = await db
    .select({ coachUserId: coaches.userId, position: athletes.position })
    .from(bookings)
    .innerJoin(coaches, eq(coaches.id, bookings.coachId))
    .leftJoin(athletes, eq(athletes.id, bookings.athleteId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Whether the coach coached the athlete: a booking of theirs for the athlete with feedback, or completed. */
export async function hasCoachedAthlete(db: Queryable, coachId: number, athleteId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.coachId, coachId),
        eq(bookings.athleteId, athleteId),
        or(isNotNull(bookings.feedbackSubmittedAt), eq(bookings.status, "completed")),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const coachName = userNameSql(users);

/** Every skill rating of the athlete, oldest session first. */
export async function listSkillRatings(db: Queryable, athleteId: number) {
  const query = db
    .select({
      skill: sessionSkillRatings.skill,
      rating: sessionSkillRatings.rating,
      bookingId: bookings.id,
      startsAt: bookings.startsAt,
      coachId: coaches.id,
      timeZone: coaches.timeZone,
      coachName,
    })
    .from(sessionSkillRatings)
    .innerJoin(bookings, eq(bookings.id, sessionSkillRatings.bookingId))
    .$dynamic();
  return joinCoachUser(query, sessionSkillRatings.coachId)
    .where(eq(sessionSkillRatings.athleteId, athleteId))
    .orderBy(asc(bookings.startsAt), asc(bookings.id), asc(sessionSkillRatings.id));
}

/** The feedback texts of the athlete's sessions, the last session first. */
export async function listFeedback(db: Queryable, athleteId: number) {
  const query = db
    .select({
      bookingId: bookings.id,
      startsAt: bookings.startsAt,
      coachId: coaches.id,
      timeZone: coaches.timeZone,
      coachName,
      rating: sessionFeedback.rating,
      feedback: sessionFeedback.feedback,
    })
    .from(sessionFeedback)
    .innerJoin(bookings, eq(bookings.id, sessionFeedback.bookingId))
    .$dynamic();
  return joinCoachUser(query, sessionFeedback.coachId)
    .where(eq(bookings.athleteId, athleteId))
    .orderBy(desc(bookings.startsAt), desc(bookings.id));
}

export type EarningSession = {
  id: number;
  startsAt: Date;
  status: string;
  paymentStatus: string;
  rateCents: number;
  tipCents: number;
  platformFeeCents: number;
  coachEarningsCents: number;
  payoutStatus: string;
  transferId: string | null;
  payoutReleasedAt: Date | null;
  /** The account that booked it (Total Students). */
  studentId: number;
  /** The family that booked it (its first athlete's family), for repeat clients. */
  clientKey: string;
};

/** The coach's sessions that count toward a figure (contract/earnings.ts: earned or upcoming, paid): holds, cancellations and refunds never count. */
const countedSessionsOf = (table: { coachId: AnyPgColumn; status: AnyPgColumn; paymentStatus: AnyPgColumn }, coachId: number) =>
  and(eq(table.coachId, coachId), inArray(table.status, [...EARNED_STATUSES, ...UPCOMING_STATUSES]), eq(table.paymentStatus, "completed"));

/** The coach's sessions that count toward a figure, summed by status and payout: a few rows however long the history. */
export type EarningSessionGroup = Pick<EarningSession, "status" | "paymentStatus" | "payoutStatus"> & {
  sessions: number;
  rateCents: number;
  tipCents: number;
  platformFeeCents: number;
  coachEarningsCents: number;
};

/**
 * Every session of the coach that counts toward a figure (as listEarningSessions chooses them),
 * summed in PostgreSQL by status and payout, and how many accounts booked them: the dashboard's
 * all-time cards read a few rows, not a coach's whole history (a coach with 5,000 sessions sent
 * them all, parsed, on every dashboard visit).
 */
export async function sumEarningSessions(db: Queryable, coachId: number): Promise<{ groups: EarningSessionGroup[]; students: number }> {
  // One scan: a row per status and payout, and (the empty grouping set) one of every session, whose
  // count of distinct accounts is Total Students.
  const rows = await db
    .select({
      total: sql<number>`grouping(${bookings.status}, ${bookings.paymentStatus}, ${bookings.payoutStatus})`,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      payoutStatus: bookings.payoutStatus,
      sessions: sql<number>`count(*)::int`,
      rateCents: sql<number>`sum(${bookings.rateCents})::bigint`,
      tipCents: sql<number>`sum(${bookings.tipCents})::bigint`,
      platformFeeCents: sql<number>`sum(${bookings.platformFeeCents})::bigint`,
      coachEarningsCents: sql<number>`sum(${bookings.coachEarningsCents})::bigint`,
      students: sql<number>`count(distinct ${bookings.studentId})::int`,
    })
    .from(bookings)
    .where(countedSessionsOf(bookings, coachId))
    .groupBy(sql`grouping sets ((${bookings.status}, ${bookings.paymentStatus}, ${bookings.payoutStatus}), ())`);
  const groups = rows
    .filter((row) => Number(row.total) === 0)
    .map((g) => ({
      status: g.status,
      paymentStatus: g.paymentStatus,
      payoutStatus: g.payoutStatus,
      sessions: Number(g.sessions),
      rateCents: Number(g.rateCents),
      tipCents: Number(g.tipCents),
      platformFeeCents: Number(g.platformFeeCents),
      coachEarningsCents: Number(g.coachEarningsCents),
    }));
  return { groups, students: Number(rows.find((row) => Number(row.total) !== 0)?.students ?? 0) };
}

/**
 * The coach's paid sessions that count toward a figure (contract/earnings.ts: earned or upcoming),
 * starting in [from, to), or all of them without a range. Holds (unpaid), cancellations and refunds
 * never count.
 */
export async function listEarningSessions(db: Queryable, coachId: number, range?: { from: Date; to: Date }): Promise<EarningSession[]> {
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      rateCents: bookings.rateCents,
      tipCents: bookings.tipCents,
      platformFeeCents: bookings.platformFeeCents,
      coachEarningsCents: bookings.coachEarningsCents,
      payoutStatus: bookings.payoutStatus,
      transferId: bookings.transferId,
      payoutReleasedAt: bookings.payoutReleasedAt,
      studentId: bookings.studentId,
      clientKey: sql<string>`coalesce('f' || ${athletes.familyId}::text, 'u' || ${bookings.studentId}::text)`,
    })
    .from(bookings)
    .leftJoin(athletes, eq(athletes.id, bookings.athleteId))
    .where(
      and(
        countedSessionsOf(bookings, coachId),
        range ? gte(bookings.startsAt, sql`${instant(range.from)}`) : undefined,
        range ? lt(bookings.startsAt, sql`${instant(range.to)}`) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((r) => ({ ...r, clientKey: String(r.clientKey) }));
}
