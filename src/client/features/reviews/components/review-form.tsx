import { MAX_REVIEW_COMMENT_LENGTH, SubmitReviewRequestSchema } from "@contract/reviews";
import { RATING_LABELS } from "@contract/payout-basics";
import { Button } from "@client/components/ui/button";
import { DialogFooter } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { StarRatingField } from "@client/components/ui/star-rating";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { toastFailure } from "@client/lib/toast-failure";
import type { useSubmitReview } from "../api/reviews";

const REVIEW_THANKS = "Thanks for your review!";

/** The review dialog's stars, comment and buttons; no stars yet is 0, which the contract refuses. */
export function ReviewForm({
  bookingId,
  submit,
  onClose,
}: {
  bookingId: number;
  /** The dialog's request: it stays open while the review is sent. */
  submit: ReturnType<typeof useSubmitReview>;
  onClose: () => void;
}) {
  const form = useSchemaForm(SubmitReviewRequestSchema, { rating: 0, comment: "" }, { toastOnInvalid: false });
  const { errors } = form.formState;
  const rating = form.watch("rating");

  const send = form.submit((review) =>
    submit.mutate(
      { bookingId, ...review },
      {
        onSuccess: () => {
          toast({ title: REVIEW_THANKS, variant: "success" });
          onClose();
        },
        onError: (err) => {
          form.showServerError(err);
          toastFailure(err, "Error", { fallback: "Failed to submit your review." });
        },
      },
    ),
  );

  return (
    <form onSubmit={(e) => void send(e)} noValidate>
      <div className="flex flex-col gap-4">
        <StarRatingField
          value={Number(rating)}
          onChange={(stars) => form.setValue("rating", stars, { shouldDirty: true })}
          labels={RATING_LABELS}
          error={errors.rating?.message}
        />
        <FormField label="Your review" error={errors.comment?.message}>
          <Textarea
            {...form.register("comment")}
            placeholder="What went well? What could be better?"
            maxLength={MAX_REVIEW_COMMENT_LENGTH}
          />
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={submit.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={submit.isPending}>
          Submit Review
        </Button>
      </DialogFooter>
    </form>
  );
}
