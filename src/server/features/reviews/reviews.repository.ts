import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { instant, isUniqueViolation, type Queryable, returnedRow, rowsOf } from "../../db/sql";
import { joinCoachUser } from "../../db/people";
import { bookings, coaches, reviews, sessionRequests, users } from "../../db/schema/index";

const coachUsers = alias(users, "review_coach_user");

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWithAuthor = ReviewRow & { firstName: string | null; lastName: string | null; sessionStartsAt: Date };

export class DuplicateReviewError extends Error {}

const withAuthor = {
  review: reviews,
  firstName: users.firstName,
  lastName: users.lastName,
  sessionStartsAt: bookings.startsAt,
};

function flatten(
  rows: { review: ReviewRow; firstName: string | null; lastName: string | null; sessionStartsAt: Date }[],
): ReviewWithAuthor[] {
  return rows.map((r) => ({ ...r.review, firstName: r.firstName, lastName: r.lastName, sessionStartsAt: r.sessionStartsAt }));
}

function selectReviews(db: Queryable) {
  return db
    .select(withAuthor)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.studentId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId));
}

export async function findBookingForReview(db: Queryable, bookingId: number) {
  const [row] = await db
    .select({ id: bookings.id, studentId: bookings.studentId, coachId: bookings.coachId, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

export async function insertReview(
  db: Queryable,
  values: { bookingId: number; coachId: number; studentId: number; rating: number; comment: string; now: Date },
): Promise<ReviewRow> {
  try {
    const rows = await db
      .insert(reviews)
      .values({ ...values, createdAt: values.now })
      .returning();
    return returnedRow(rows, "the review");
  } catch (err) {
    if (isUniqueViolation(err, "reviews_booking_key")) throw new DuplicateReviewError();
    throw err;
  }
}

export async function findReview(db: Queryable, reviewId: number): Promise<ReviewWithAuthor | undefined> {
  return flatten(await selectReviews(db).where(eq(reviews.id, reviewId)))[0];
}

/** Sets the reply only if there is none yet; undefined when another reply got there first. */
export async function setReplyOnce(db: Queryable, reviewId: number, reply: string, now: Date): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning();
  return row;
}

export async function listCoachReviews(db: Queryable, coachId: number, limit: number): Promise<ReviewWithAuthor[]> {
  return flatten(
    await selectReviews(db).where(eq(reviews.coachId, coachId)).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit),
  );
}

export async function listStudentReviews(db: Queryable, studentId: number): Promise<ReviewWithAuthor[]> {
  return flatten(await selectReviews(db).where(eq(reviews.studentId, studentId)).orderBy(desc(reviews.createdAt)).limit(500));
}

/**
 * A coach's profile figures in one statement (a profile is among the busiest reads): the number of
 * reviews per star, the sessions taught (bookings that took place) and the median minutes from a
 * session request to the coach's answer (accepted or declined), null with none.
 */
export async function coachFigures(
  db: Queryable,
  coachId: number,
): Promise<{ ratingCounts: Map<number, number>; sessionsTaught: number; medianResponseMinutes: number | null }> {
  const [row] = await db
    .select({
      counts: sql<
        Record<string, number> | string | null
      >`(select json_object_agg(r.rating, r.n) from (select ${reviews.rating} as rating, count(*)::int as n from ${reviews} where ${reviews.coachId} = ${coachId} group by ${reviews.rating}) r)`,
      taught: sql<number>`(select count(*)::int from ${bookings} where ${bookings.coachId} = ${coachId} and ${bookings.status} = 'completed')`,
      minutes: sql<
        number | null
      >`(select percentile_cont(0.5) within group (order by extract(epoch from (${sessionRequests.respondedAt} - ${sessionRequests.createdAt})) / 60) from ${sessionRequests} where ${sessionRequests.coachId} = ${coachId} and ${sessionRequests.status} in ('accepted', 'declined') and ${sessionRequests.respondedAt} is not null)`,
    })
    .from(sql`(select 1) as one`);
  const counts = typeof row?.counts === "string" ? (JSON.parse(row.counts) as Record<string, number>) : (row?.counts ?? {});
  return {
    ratingCounts: new Map(Object.entries(counts).map(([rating, n]) => [Number(rating), Number(n)])),
    sessionsTaught: Number(row?.taught ?? 0),
    medianResponseMinutes: row?.minutes === null || row?.minutes === undefined ? null : Math.round(Number(row.minutes)),
  };
}

export async function coachExists(db: Queryable, coachId: number): Promise<boolean> {
  const [row] = await db.select({ id: coaches.id }).from(coaches).where(eq(coaches.id, coachId));
  return !!row;
}

export { coachIdOfUser as findCoachIdOfUser } from "../../db/coach-of-user";

export type ReviewRequestRow = {
  bookingId: number;
  studentEmail: string;
  studentFirstName: string | null;
  coachFirstName: string | null;
  coachLastName: string | null;
};

/**
 * Claims the review requests due: sessions completed in the last `recentMs` (older ones predate
 * the feature) that the sweep has not come to. Marking the session is the claim, so of any number
 * of processes exactly one gets it; a session already reviewed is marked and not asked about. The
 * due sessions are read through bookings_review_request_due_idx, which holds only the unmarked
 * ones (issue 46: not a week of sessions each sweep).
 */
export async function claimReviewRequests(tx: Tx, now: Date, recentMs: number, limit: number): Promise<ReviewRequestRow[]> {
  const since = new Date(now.getTime() - recentMs);
  const marked = rowsOf<{ id: number; reviewed: boolean }>(
    await tx.execute(sql`
      with due as (
        select b.id from ${bookings} b
        where b.status = 'completed' and b.review_requested_at is null and b.completed_at > ${instant(since)}
        order by b.completed_at
        limit ${limit}
        for update of b skip locked
      )
      update ${bookings} b set review_requested_at = ${instant(now)}
      from due
      where b.id = due.id and b.review_requested_at is null
      returning b.id, exists (select 1 from ${reviews} r where r.booking_id = b.id) as reviewed`),
  );
  const claimed = marked.filter((m) => !m.reviewed).map((m) => Number(m.id));
  if (claimed.length === 0) return [];
  const query = tx
    .select({
      bookingId: bookings.id,
      studentEmail: users.email,
      studentFirstName: users.firstName,
      coachFirstName: coachUsers.firstName,
      coachLastName: coachUsers.lastName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.studentId))
    .$dynamic();
  return joinCoachUser(query, bookings.coachId, coachUsers).where(inArray(bookings.id, claimed));
}
