import { MAX_REVIEW_REPLY_LENGTH, ReplyToReviewRequestSchema, type OwnReview } from "@contract/reviews";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useMyReviews, useReplyToReview } from "../api/reviews";
import { ReviewItem } from "./coach-reviews";
import { isUnauthorized } from "@client/lib/api-client";

/** A refusal is shown under the reply, as its own errors are. */
function ReplyForm({ review }: { review: OwnReview }) {
  const form = useSchemaForm(ReplyToReviewRequestSchema, { reply: "" }, { toastOnInvalid: false });
  const send = useReplyToReview();
  const submit = form.submit(({ reply }) =>
    send.mutate(
      { reviewId: review.id, reply },
      {
        onSuccess: () => toast({ title: "Reply posted", variant: "success" }),
        onError: (err) => {
          if (!form.showServerError(err) && !isUnauthorized(err)) {
            form.setError("reply", { message: messageOr(err, "Failed to post your reply.") });
          }
        },
      },
    ),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2 pb-3">
      <FormField label={`Reply to ${review.authorName}`} error={form.formState.errors.reply?.message}>
        <Textarea
          {...form.register("reply")}
          maxLength={MAX_REVIEW_REPLY_LENGTH}
          placeholder="Thank the player or answer their points. You can reply once."
        />
      </FormField>
      <Button type="submit" size="sm" className="self-start" isLoading={send.isPending}>
        Post Reply
      </Button>
    </form>
  );
}

/** The coach's dashboard: the reviews they received, each answerable once. */
export function ReviewReplies() {
  const reviews = useMyReviews();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reviews from Your Players</CardTitle>
      </CardHeader>
      <CardContent>
        {reviews.isLoading ? (
          <p className="text-slate-600">Loading reviews...</p>
        ) : reviews.isError ? (
          <p role="alert" className="text-red-700">
            Failed to load reviews.
          </p>
        ) : (reviews.data ?? []).length === 0 ? (
          <p className="text-slate-600">No reviews yet</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {reviews.data!.map((review) => (
              <li key={review.id}>
                <ul>
                  <ReviewItem review={review} />
                </ul>
                {review.reply === null ? <ReplyForm review={review} /> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
