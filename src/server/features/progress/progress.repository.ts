import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
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
        eq(bookings.coachId, coachId),
        inArray(bookings.status, [...EARNED_STATUSES, ...UPCOMING_STATUSES]),
        eq(bookings.paymentStatus, "completed"),
        range ? gte(bookings.startsAt, sql`${instant(range.from)}`) : undefined,
        range ? lt(bookings.startsAt, sql`${instant(range.to)}`) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((r) => ({ ...r, clientKey: String(r.clientKey) }));
}
