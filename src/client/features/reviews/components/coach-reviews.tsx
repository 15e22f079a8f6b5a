import { NO_REVIEWS_TEXT } from "@contract/review-basics";
import type { CoachReviewSummary, PublicReview } from "@contract/reviews";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { StarRow } from "@client/components/ui/star-rating";
import { formatInstantDate } from "@client/lib/when";

/** `timeZone`: the clock the date is read on (the coach's on the profile, the same on the server and in the browser). */
export function ReviewItem({ review, timeZone }: { review: PublicReview; timeZone?: string | null }) {
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-field-950">{review.authorName}</span>
        <StarRow rating={review.rating} />
        <span className="text-sm text-slate-500">{formatInstantDate(review.createdAt, timeZone)}</span>
      </div>
      {review.comment ? <p className="whitespace-pre-line text-slate-700">{review.comment}</p> : null}
      {review.reply ? (
        <p className="ml-4 border-l-2 border-field-200 pl-3 text-sm text-slate-600">
          <span className="font-semibold">Coach's reply:</span> {review.reply}
        </p>
      ) : null}
    </li>
  );
}

/** The coach profile's reviews: the real average, count and distribution, and the latest reviews. */
export function CoachReviews({ summary, timeZone }: { summary: CoachReviewSummary; timeZone?: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Reviews</CardTitle>
      </CardHeader>
      <CardContent>
        {summary.reviewCount === 0 || summary.rating === null ? (
          <p className="text-slate-600">{NO_REVIEWS_TEXT}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-6">
              <div className="flex flex-col items-start">
                <span className="font-display text-4xl font-bold text-field-950">{summary.rating.toFixed(1)}</span>
                <StarRow rating={summary.rating} />
                <span className="text-sm text-slate-600">
                  {summary.reviewCount} {summary.reviewCount === 1 ? "review" : "reviews"}
                </span>
              </div>
              <dl className="flex min-w-48 flex-1 flex-col gap-1" aria-label="Rating distribution">
                {([5, 4, 3, 2, 1] as const).map((star) => {
                  const count = summary.distribution[star];
                  return (
                    <div key={star} className="flex items-center gap-2 text-sm">
                      <dt className="w-14 text-slate-600">{star} stars</dt>
                      <dd className="flex flex-1 items-center gap-2">
                        <span className="h-2 flex-1 overflow-hidden rounded bg-slate-100" aria-hidden>
                          <span className="block h-full bg-accent-400" style={{ width: `${(count / summary.reviewCount) * 100}%` }} />
                        </span>
                        <span className="w-6 text-right text-slate-700">{count}</span>
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </div>
            <ul className="divide-y divide-slate-200" aria-label="Latest reviews">
              {summary.latestReviews.map((review) => (
                <ReviewItem key={review.id} review={review} timeZone={timeZone} />
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
