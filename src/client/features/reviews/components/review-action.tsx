import { MessageSquareQuote } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import type { OwnReview } from "@contract/reviews";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { Spinner } from "@client/components/ui/spinner";
import { StarRow } from "@client/components/ui/star-rating";
import { useSubmitReview } from "../api/reviews";

// The form (and its library) loads when the dialog opens, not with My Bookings (its budget,
// scripts/check-bundle-budget.mjs).
const ReviewForm = lazyWithReload(async () => ({ default: (await import("./review-form")).ReviewForm }));

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
          <Suspense fallback={<Spinner label="Loading..." />}>
            <ReviewForm bookingId={bookingId} submit={submit} onClose={() => setOpen(false)} />
          </Suspense>
        </DialogContent>
      </Dialog>
    </>
  );
}
