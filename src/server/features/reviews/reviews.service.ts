import {
  averageRating,
  MAX_LISTED_REVIEWS,
  PROFILE_REVIEW_COUNT,
  reviewerName,
  ReviewMessages,
  type CoachReviewSummary,
  type OwnReview,
  type PublicReview,
  type RatingDistribution,
} from "@contract/reviews";
import { BookingMessages } from "@contract/booking-basics";
import type { AppDeps } from "../../deps";
import { conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { announceListingChange } from "../coaches/coaches.service";
import * as repo from "./reviews.repository";
import { present } from "../../present";

/** Review requests go out for sessions completed this recently (older ones predate reviews). */
const REVIEW_REQUEST_RECENT_MS = 7 * 24 * 3_600_000;

function toPublic(row: repo.ReviewWithAuthor): PublicReview {
  return {
    id: row.id,
    coachId: row.coachId,
    authorName: reviewerName(row.firstName, row.lastName),
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    reply: row.reply,
    repliedAt: row.repliedAt ? row.repliedAt.toISOString() : null,
  };
}

function toOwn(row: repo.ReviewWithAuthor): OwnReview {
  return { ...toPublic(row), bookingId: row.bookingId, sessionDate: row.sessionStartsAt.toISOString() };
}

/**
 * POST /api/bookings/{id}/review: the student of a completed session, once. Someone else's booking
 * answers 404 like a missing one, so booking ids do not leak.
 */
export async function submitReview(
  deps: AppDeps,
  user: UserRow,
  bookingId: number,
  input: { rating: number; comment: string },
): Promise<OwnReview> {
  const db = deps.database.db;
  const booking = await repo.findBookingForReview(db, bookingId);
  if (!booking) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  if (booking.studentId !== user.id) {
    if (user.userType === "coach" || user.userType === "admin") throw forbidden(ReviewMessages.ONLY_STUDENT);
    throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  }
  if (booking.status !== "completed") throw conflict(ReviewMessages.NOT_COMPLETED);
  let row: repo.ReviewRow;
  try {
    row = await repo.insertReview(db, { bookingId, coachId: booking.coachId, studentId: user.id, ...input, now: deps.clock.now() });
  } catch (err) {
    if (err instanceof repo.DuplicateReviewError) throw conflict(ReviewMessages.ALREADY_REVIEWED);
    throw err;
  }
  // The coach's rating on search results and matches changed: every process drops its cached listing.
  await announceListingChange(deps, booking.coachId);
  return toOwn(present(await repo.findReview(db, row.id), "the review just written"));
}

/** POST /api/reviews/{id}/reply: the reviewed coach answers once, publicly. */
export async function replyToReview(deps: AppDeps, user: UserRow, reviewId: number, reply: string): Promise<OwnReview> {
  const db = deps.database.db;
  const review = await repo.findReview(db, reviewId);
  if (!review) throw notFound(ReviewMessages.REVIEW_NOT_FOUND);
  const coachId = user.userType === "coach" ? await repo.findCoachIdOfUser(db, user.id) : undefined;
  if (coachId !== review.coachId) throw forbidden(ReviewMessages.ONLY_COACH);
  if (review.reply !== null) throw conflict(ReviewMessages.ALREADY_REPLIED);
  const updated = await repo.setReplyOnce(db, reviewId, reply, deps.clock.now());
  if (!updated) throw conflict(ReviewMessages.ALREADY_REPLIED);
  // The reply shows on the coach's public page: every process drops the pages drawn from it.
  await announceListingChange(deps, review.coachId);
  return toOwn(present(await repo.findReview(db, reviewId), "the review just changed"));
}

/** GET /api/coaches/{id}/reviews: newest first. */
export async function listCoachReviews(deps: AppDeps, coachId: number): Promise<PublicReview[]> {
  const db = deps.database.db;
  if (!(await repo.coachExists(db, coachId))) throw notFound(ReviewMessages.COACH_NOT_FOUND);
  return (await repo.listCoachReviews(db, coachId, MAX_LISTED_REVIEWS)).map(toPublic);
}

/** GET /api/reviews/mine: the reviews a player wrote, or the reviews a coach received. */
export async function listOwnReviews(deps: AppDeps, user: UserRow): Promise<OwnReview[]> {
  const db = deps.database.db;
  if (user.userType === "coach") {
    const coachId = await repo.findCoachIdOfUser(db, user.id);
    return coachId === undefined ? [] : (await repo.listCoachReviews(db, coachId, MAX_LISTED_REVIEWS)).map(toOwn);
  }
  return (await repo.listStudentReviews(db, user.id)).map(toOwn);
}

/** The coach profile's rating, distribution, latest reviews and real activity figures. */
export async function coachReviewSummary(deps: AppDeps, coachId: number): Promise<CoachReviewSummary> {
  const db = deps.database.db;
  const figures = await repo.coachFigures(db, coachId);
  const distribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const star of [1, 2, 3, 4, 5] as const) distribution[star] = figures.ratingCounts.get(star) ?? 0;
  return {
    rating: averageRating(distribution),
    reviewCount: Object.values(distribution).reduce((a, b) => a + b, 0),
    distribution,
    latestReviews: (await repo.listCoachReviews(db, coachId, PROFILE_REVIEW_COUNT)).map(toPublic),
    sessionsTaught: figures.sessionsTaught,
    medianResponseMinutes: figures.medianResponseMinutes,
  };
}

/** Sweep: after a session, one e-mail asking the student for a review, with a link to the form. */
export async function sendReviewRequests(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.database.db.transaction((tx) => repo.claimReviewRequests(tx, now, REVIEW_REQUEST_RECENT_MS, 200));
  for (const row of due) {
    const coach = [row.coachFirstName, row.coachLastName].filter(Boolean).join(" ") || "your coach";
    const link = `${deps.config.appUrl}/my-bookings?review=${row.bookingId}`;
    try {
      await deps.mailer.send({
        to: row.studentEmail,
        subject: `How was your session with ${coach}?`,
        text: [
          `Hi ${row.studentFirstName?.trim() || "there"},`,
          "",
          `Thanks for training with ${coach}. A short review helps other players choose a coach, and helps ${coach} too.`,
          "",
          `Leave a review: ${link}`,
        ].join("\n"),
      });
    } catch (err) {
      deps.logger.error({ err, bookingId: row.bookingId }, "could not send a review request");
    }
  }
  return due.length;
}
