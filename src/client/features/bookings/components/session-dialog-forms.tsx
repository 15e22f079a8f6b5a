import {
  MAX_CANCELLATION_REASON_LENGTH,
  MAX_FEEDBACK_LENGTH,
  PayoutMessages,
  CancelSessionRequestSchema,
  SubmitFeedbackRequestSchema,
} from "@contract/payouts";
import { RATING_LABELS } from "@contract/payout-basics";
import { MAX_NO_SHOW_NOTE_LENGTH, NoShowRequestSchema, ProgressMessages, type SkillOption } from "@contract/progress";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { StarRatingField } from "@client/components/ui/star-rating";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { toastFailure } from "@client/lib/toast-failure";
import type { CoachBooking, useCancelSession, useMarkNoShow, useSubmitFeedback } from "../api/coach-bookings";

// The cancel, feedback and no-show dialogs' forms, on the contract's schemas: this file (and the form
// library) loads when the coach opens one of them (session-dialogs.tsx draws their frames).

export const CANCEL_FAILED = "Failed to cancel booking.";
export const FEEDBACK_FAILED = "Failed to submit feedback. Please try again.";
export const NO_SHOW_FAILED = "Failed to mark the no-show. Please try again.";

/** What each form gets from its dialog: the request it sends (the dialog stays open while it is pending). */
type FormProps<M> = { booking: CoachBooking; onClose: () => void } & M;

/** coach-side 2 and 5: the reason (required, trimmed) and the buttons; cancelling refunds everyone in the session. */
export function CancelSessionForm({ booking, cancel, onClose }: FormProps<{ cancel: ReturnType<typeof useCancelSession> }>) {
  const form = useSchemaForm(CancelSessionRequestSchema, { reason: "" }, { toastOnInvalid: false });
  const { errors } = form.formState;

  const send = form.submit(({ reason }) =>
    cancel.mutate(
      { bookingId: booking.id, reason },
      {
        onSuccess: (answer) => {
          const count = answer.cancellation.affectedBookings.length;
          toast({
            title: PayoutMessages.CANCELLED,
            description: `${count} ${count === 1 ? "student was" : "students were"} refunded in full and notified.`,
            variant: "success",
          });
          onClose();
        },
        onError: (err) => {
          toastFailure(err, "Cancellation Failed", { fallback: CANCEL_FAILED });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(e) => void send(e)}>
      <FormField label="Reason for cancelling *" error={errors.reason?.message}>
        <Textarea placeholder="Let your students know why" maxLength={MAX_CANCELLATION_REASON_LENGTH} {...form.register("reason")} />
      </FormField>
      <DialogFormFooter
        cancelLabel="Keep Session"
        submitLabel="Cancel Session"
        isPending={cancel.isPending}
        onCancel={onClose}
        destructive
      />
    </form>
  );
}

/**
 * coach-side 5: feedback text and 1-5 stars, both required; submitting releases the held payment.
 * DESIGN.md 11: optional 1-5 ratings of the athlete's position's skills, none chosen at first.
 */
export function FeedbackForm({
  booking,
  skills,
  submitFeedback,
  onClose,
}: FormProps<{ skills: SkillOption[] | undefined; submitFeedback: ReturnType<typeof useSubmitFeedback> }>) {
  const form = useSchemaForm(SubmitFeedbackRequestSchema, { feedback: "", rating: 0, skills: [] }, { toastOnInvalid: false });
  const { errors } = form.formState;
  const rating = form.watch("rating");
  const rated = form.watch("skills") ?? [];
  /** A skill's rating, 0 for "Not rated" (left out of what is sent). */
  const rate = (skill: string, value: number) =>
    form.setValue("skills", [...rated.filter((s) => s.skill !== skill), ...(value > 0 ? [{ skill, rating: value }] : [])], {
      shouldDirty: true,
    });

  const send = form.submit((feedback) =>
    submitFeedback.mutate(
      { bookingId: booking.id, ...feedback },
      {
        onSuccess: (answer) => {
          toast({
            title: PayoutMessages.FEEDBACK_SUBMITTED,
            description:
              answer.booking.payoutStatus === "paid"
                ? "Thank you. Your payment has been released to your payout account."
                : "Thank you. Your payment will be sent as soon as your payout account is ready.",
            variant: "success",
          });
          onClose();
        },
        onError: (err) => {
          toastFailure(err, "Error", FEEDBACK_FAILED);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(e) => void send(e)}>
      <div className="flex flex-col gap-4">
        <StarRatingField
          value={Number(rating)}
          onChange={(stars) => form.setValue("rating", stars, { shouldDirty: true })}
          labels={RATING_LABELS}
          error={errors.rating?.message}
        />
        {/* The skills have no field of their own to show a message under: the feedback's shows it. */}
        <FormField label="Feedback *" error={errors.feedback?.message ?? errors.skills?.message ?? errors.skills?.root?.message}>
          <Textarea
            placeholder="What did you work on? What should the player practise next?"
            maxLength={MAX_FEEDBACK_LENGTH}
            {...form.register("feedback")}
          />
        </FormField>
        {skills && skills.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-800">Skills (optional, 1 to 5)</legend>
            <p className="text-xs text-slate-600">Rate what you saw today; the family sees each skill over time.</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {skills.map((s) => (
                <label key={s.skill} className="flex items-center justify-between gap-2 text-sm text-slate-800">
                  {s.label}
                  <select
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    value={rated.find((r) => r.skill === s.skill)?.rating ?? 0}
                    onChange={(e) => rate(s.skill, Number(e.target.value))}
                  >
                    <option value={0}>Not rated</option>
                    {RATING_LABELS.map((label, i) => (
                      <option key={label} value={i + 1}>
                        {i + 1} - {label}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
      </div>
      <DialogFormFooter cancelLabel="Cancel" submitLabel="Submit Feedback" isPending={submitFeedback.isPending} onCancel={onClose} />
    </form>
  );
}

/** DESIGN.md 11: the note to the family (required, trimmed) and the buttons of the no-show dialog. */
export function NoShowForm({ booking, markNoShow, onClose }: FormProps<{ markNoShow: ReturnType<typeof useMarkNoShow> }>) {
  const form = useSchemaForm(NoShowRequestSchema, { note: "" }, { toastOnInvalid: false });
  const { errors } = form.formState;

  const send = form.submit(({ note }) =>
    markNoShow.mutate(
      { bookingId: booking.id, note },
      {
        onSuccess: () => {
          toast({ title: ProgressMessages.NO_SHOW_MARKED, description: "The family has been told, with your note.", variant: "success" });
          onClose();
        },
        onError: (err) => {
          toastFailure(err, "Error", { fallback: NO_SHOW_FAILED });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(e) => void send(e)}>
      <FormField label="Note to the family *" error={errors.note?.message}>
        <Textarea
          placeholder="Where and how long you waited, how you tried to reach them"
          maxLength={MAX_NO_SHOW_NOTE_LENGTH}
          {...form.register("note")}
        />
      </FormField>
      <DialogFormFooter cancelLabel="Back" submitLabel="Mark No-show" isPending={markNoShow.isPending} onCancel={onClose} destructive />
    </form>
  );
}
