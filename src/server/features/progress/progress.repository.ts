import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { athletes, bookings, coaches, sessionFeedback, sessionSkillRatings, users } from "../../db/schema/index";
import { type Queryable, instant } from "../../db/sql";
import { joinCoachUser, userNameSql } from "../../db/people";

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
  rateCents: number;
  tipCents: number;
  platformFeeCents: number;
  coachEarningsCents: number;
  payoutStatus: string;
  transferId: string | null;
  payoutReleasedAt: Date | null;
  /** The family that booked it (its first athlete's family), for repeat clients. */
  clientKey: string;
};

/**
 * The coach's sessions starting in [from, to) that were paid for and are kept: confirmed,
 * completed or no-show with the payment completed. Holds (unpaid), cancellations and refunds
 * never count.
 */
export async function listEarningSessions(db: Queryable, coachId: number, from: Date, to: Date): Promise<EarningSession[]> {
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      rateCents: bookings.rateCents,
      tipCents: bookings.tipCents,
      platformFeeCents: bookings.platformFeeCents,
      coachEarningsCents: bookings.coachEarningsCents,
      payoutStatus: bookings.payoutStatus,
      transferId: bookings.transferId,
      payoutReleasedAt: bookings.payoutReleasedAt,
      clientKey: sql<string>`coalesce('f' || ${athletes.familyId}::text, 'u' || ${bookings.studentId}::text)`,
    })
    .from(bookings)
    .leftJoin(athletes, eq(athletes.id, bookings.athleteId))
    .where(
      and(
        eq(bookings.coachId, coachId),
        inArray(bookings.status, ["confirmed", "completed", "no_show"]),
        eq(bookings.paymentStatus, "completed"),
        gte(bookings.startsAt, sql`${instant(from)}`),
        lt(bookings.startsAt, sql`${instant(to)}`),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((r) => ({ ...r, clientKey: String(r.clientKey) }));
}
