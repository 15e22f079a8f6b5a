import { useState } from "react";
import { MAX_REVIEW_REPLY_LENGTH, ReplyToReviewRequestSchema, type OwnReview } from "@contract/reviews";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useMyReviews, useReplyToReview } from "../api/reviews";
import { ReviewItem } from "./coach-reviews";
import { isUnauthorized } from "@client/lib/api-client";

function ReplyForm({ review }: { review: OwnReview }) {
  const [reply, setReply] = useState("");
  const [error, setError] = useState<string>();
  const send = useReplyToReview();
  function submit() {
    const parsed = ReplyToReviewRequestSchema.safeParse({ reply });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    send.mutate(
      { reviewId: review.id, reply: parsed.data.reply },
      {
        onSuccess: () => toast({ title: "Reply posted", variant: "success" }),
        onError: (err) => {
          if (!isUnauthorized(err)) setError(messageOr(err, "Failed to post your reply."));
        },
      },
    );
  }
  return (
    <div className="flex flex-col gap-2 pb-3">
      <FormField label={`Reply to ${review.authorName}`} error={error}>
        <Textarea
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          maxLength={MAX_REVIEW_REPLY_LENGTH}
          placeholder="Thank the player or answer their points. You can reply once."
        />
      </FormField>
      <Button size="sm" className="self-start" onClick={submit} isLoading={send.isPending}>
        Post Reply
      </Button>
    </div>
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
