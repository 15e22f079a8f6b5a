import { MessageSquareQuote } from "lucide-react";
import { useEffect, useState } from "react";
import { MAX_REVIEW_COMMENT_LENGTH, SubmitReviewRequestSchema, type OwnReview } from "@contract/reviews";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useSubmitReview } from "../api/reviews";
import { StarRatingField, StarRow } from "@client/components/ui/star-rating";
import { RATING_LABELS } from "@contract/payouts";
import { isUnauthorized } from "@client/lib/api-client";

export const REVIEW_THANKS = "Thanks for your review!";

/**
 * On a completed booking of the student: "Leave a review" (once), or the review they left.
 * `openOnMount` opens the form when the page was reached from the review e-mail's link.
 */
export function ReviewAction({
  bookingId,
  coachName,
  review,
  openOnMount = false,
}: {
  bookingId: number;
  coachName: string;
  review: OwnReview | undefined;
  openOnMount?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const submit = useSubmitReview();

  useEffect(() => {
    if (openOnMount && !review) setOpen(true);
  }, [openOnMount, review]);

  if (review) {
    return (
      <div className="flex flex-col gap-1 rounded-lg bg-slate-50 px-3 py-2 text-sm" aria-label="Your review">
        <span className="flex items-center gap-2 font-semibold text-field-900">
          Your review <StarRow rating={review.rating} />
        </span>
        {review.comment ? <p className="text-slate-700">{review.comment}</p> : null}
        {review.reply ? <p className="text-slate-600">Coach's reply: {review.reply}</p> : null}
      </div>
    );
  }

  function send() {
    const parsed = SubmitReviewRequestSchema.safeParse({ rating: rating || undefined, comment });
    if (!parsed.success) {
      const found: { rating?: string; comment?: string } = {};
      for (const issue of parsed.error.issues) found[issue.path[0] === "rating" ? "rating" : "comment"] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    submit.mutate(
      { bookingId, ...parsed.data },
      {
        onSuccess: () => {
          toast({ title: REVIEW_THANKS, variant: "success" });
          setOpen(false);
        },
        onError: (err) => {
          if (!isUnauthorized(err))
            toast({ title: "Error", description: messageOr(err, "Failed to submit your review."), variant: "destructive" });
        },
      },
    );
  }

  return (
    <>
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <MessageSquareQuote aria-hidden /> Leave a review
      </Button>
      <Dialog open={open} onOpenChange={(next) => !submit.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Review your session</DialogTitle>
            <DialogDescription>
              How was your session with {coachName}? Your review is shown on the coach's profile with your first name and initial.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-4">
            <StarRatingField value={rating} onChange={setRating} labels={RATING_LABELS} error={errors.rating} />
            <FormField label="Your review" error={errors.comment}>
              <Textarea
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                placeholder="What went well? What could be better?"
                maxLength={MAX_REVIEW_COMMENT_LENGTH}
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={submit.isPending}>
              Cancel
            </Button>
            <Button onClick={send} isLoading={submit.isPending}>
              Submit Review
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
