import { z } from "zod";
import { requiredTextField, starRatingField } from "./fields";

export { responseTimeText } from "./review-basics";

export const MAX_REVIEW_COMMENT_LENGTH = 2000;
export const MAX_REVIEW_REPLY_LENGTH = 2000;
/** The coach profile shows this many of the latest reviews; GET /api/coaches/{id}/reviews lists up to MAX. */
export const PROFILE_REVIEW_COUNT = 5;
export const MAX_LISTED_REVIEWS = 100;

export const ReviewMessages = {
  RATING_REQUIRED: "Please choose a rating from 1 to 5 stars.",
  COMMENT_TOO_LONG: `Your review must be at most ${MAX_REVIEW_COMMENT_LENGTH} characters.`,
  REPLY_REQUIRED: "Please write a reply.",
  REPLY_TOO_LONG: `A reply must be at most ${MAX_REVIEW_REPLY_LENGTH} characters.`,
  ONLY_STUDENT: "Only the player who booked this session can review it.",
  NOT_COMPLETED: "You can review a session once it has taken place.",
  ALREADY_REVIEWED: "You have already reviewed this session.",
  REVIEW_NOT_FOUND: "Review not found",
  ONLY_COACH: "Only the coach who was reviewed can reply.",
  ALREADY_REPLIED: "You have already replied to this review.",
  COACH_NOT_FOUND: "Coach not found",
} as const;

const ratingField = starRatingField(ReviewMessages.RATING_REQUIRED);

/** POST /api/bookings/{id}/review: stars are required; the comment may be empty. */
export const SubmitReviewRequestSchema = z.object({
  rating: ratingField,
  comment: z
    .string({ message: "The comment must be text." })
    .trim()
    .max(MAX_REVIEW_COMMENT_LENGTH, { message: ReviewMessages.COMMENT_TOO_LONG })
    .nullish()
    .transform((v) => v ?? ""),
});
export type SubmitReviewRequest = z.input<typeof SubmitReviewRequestSchema>;

/** POST /api/reviews/{id}/reply. */
export const ReplyToReviewRequestSchema = z.object({
  reply: requiredTextField(ReviewMessages.REPLY_REQUIRED, MAX_REVIEW_REPLY_LENGTH, ReviewMessages.REPLY_TOO_LONG),
});
export type ReplyToReviewRequest = z.input<typeof ReplyToReviewRequestSchema>;

/** A review as anyone signed in sees it: the author is shown as first name and last initial only. */
export type PublicReview = {
  id: number;
  coachId: number;
  authorName: string;
  rating: number;
  comment: string;
  /** ISO instant the review was written. */
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
};

/** GET /api/reviews/mine: a player's own reviews (with the booking) or the reviews a coach received. */
export type OwnReview = PublicReview & { bookingId: number; sessionDate: string };

export type RatingDistribution = { 1: number; 2: number; 3: number; 4: number; 5: number };

/** What the coach profile shows about reviews and activity; every figure is computed from stored data. */
export type CoachReviewSummary = {
  /** Average of the reviews' stars, one decimal; null without reviews. */
  rating: number | null;
  reviewCount: number;
  distribution: RatingDistribution;
  latestReviews: PublicReview[];
  /** Sessions this coach has taught that took place (completed bookings). */
  sessionsTaught: number;
  /** Median time to answer a session request, in minutes; null before the first answer. */
  medianResponseMinutes: number | null;
};

/** "Pat P." from first and last names; "A player" when neither is known. */
export function reviewerName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstName?.trim();
  const initial = lastName?.trim().charAt(0).toUpperCase();
  if (!first && !initial) return "A player";
  if (!first) return `${initial}.`;
  return initial ? `${first} ${initial}.` : first;
}

/** The average of whole-star ratings to one decimal, as shown everywhere; null without ratings. */
export function averageRating(distribution: RatingDistribution): number | null {
  let count = 0;
  let sum = 0;
  for (const star of [1, 2, 3, 4, 5] as const) {
    count += distribution[star];
    sum += star * distribution[star];
  }
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}
