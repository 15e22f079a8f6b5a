import { AlertTriangle } from "lucide-react";
import { sessionAthleteName } from "@contract/family-basics";
import { useState } from "react";
import { CancelSessionRequestSchema, PayoutMessages, SubmitFeedbackRequestSchema } from "@contract/payouts";
import { RATING_LABELS } from "@contract/payout-basics";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { StarRatingField } from "@client/components/ui/star-rating";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { toastFailure } from "@client/lib/toast-failure";
import { NoShowRequestSchema, ProgressMessages } from "@contract/progress";
import { NO_SHOW_POLICY } from "@contract/progress-basics";
import { useCancelSession, useFeedbackSkills, useMarkNoShow, useSubmitFeedback, type CoachBooking } from "../api/coach-bookings";
import { sessionStart, shortDate } from "./booking-groups";

export const CANCEL_WARNING =
  "This cannot be undone. Every student booked in this session will be refunded in full and notified by text message.";
export const CANCEL_FAILED = "Failed to cancel booking.";
export const FEEDBACK_FAILED = "Failed to submit feedback. Please try again.";

type DialogProps = { booking: CoachBooking | null; onClose: () => void };

const sessionLine = (b: CoachBooking) => `${shortDate(b.sessionDate)} at ${sessionStart(b)}`;
/** The athlete the session is for (DESIGN.md 11). */
const athleteName = (b: CoachBooking) => sessionAthleteName(b, "Student");

/** coach-side 2 and 5: cancelling needs a reason, is irreversible and refunds everyone in the session. */
export function CancelSessionDialog({ booking, onClose }: DialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const cancel = useCancelSession();

  function close() {
    if (cancel.isPending) return;
    setReason("");
    setError(undefined);
    onClose();
  }

  function submit() {
    if (!booking) return;
    const parsed = CancelSessionRequestSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? PayoutMessages.REASON_REQUIRED);
    setError(undefined);
    cancel.mutate(
      { bookingId: booking.id, reason: parsed.data.reason },
      {
        onSuccess: (answer) => {
          const count = answer.cancellation.affectedBookings.length;
          toast({
            title: PayoutMessages.CANCELLED,
            description: `${count} ${count === 1 ? "student was" : "students were"} refunded in full and notified.`,
            variant: "success",
          });
          setReason("");
          onClose();
        },
        onError: (err) => {
          toastFailure(err, "Cancellation Failed", { fallback: CANCEL_FAILED });
        },
      },
    );
  }

  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Cancel Session</DialogTitle>
          <DialogDescription>{booking ? `${athleteName(booking)}, ${sessionLine(booking)}` : null}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <p className="flex gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {CANCEL_WARNING}
          </p>
          <FormField label="Reason for cancelling *" error={error}>
            <Textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="Let your students know why"
              maxLength={1000}
            />
          </FormField>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={cancel.isPending}>
            Keep Session
          </Button>
          <Button variant="destructive" onClick={submit} isLoading={cancel.isPending}>
            Cancel Session
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** coach-side 5: feedback text and 1-5 stars, both required; submitting releases the held payment. */
export function FeedbackDialog({ booking, onClose }: DialogProps) {
  const [feedback, setFeedback] = useState("");
  const [rating, setRating] = useState(0);
  /** DESIGN.md 11: optional 1-5 ratings of the athlete's position's skills, none chosen at first. */
  const [skillRatings, setSkillRatings] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<{ feedback?: string; rating?: string }>({});
  const submitFeedback = useSubmitFeedback();
  const skills = useFeedbackSkills(booking?.id ?? null);

  function close() {
    if (submitFeedback.isPending) return;
    setFeedback("");
    setRating(0);
    setSkillRatings({});
    setErrors({});
    onClose();
  }

  function submit() {
    if (!booking) return;
    const rated = Object.entries(skillRatings)
      .filter(([, value]) => value > 0)
      .map(([skill, value]) => ({ skill, rating: value }));
    const parsed = SubmitFeedbackRequestSchema.safeParse({ feedback, rating: rating || undefined, skills: rated });
    if (!parsed.success) {
      const found: { feedback?: string; rating?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "rating" ? "rating" : "feedback";
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    submitFeedback.mutate(
      { bookingId: booking.id, feedback: parsed.data.feedback, rating: parsed.data.rating, skills: parsed.data.skills },
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
          setFeedback("");
          setRating(0);
          setSkillRatings({});
          onClose();
        },
        onError: (err) => {
          toastFailure(err, "Error", FEEDBACK_FAILED);
        },
      },
    );
  }

  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Submit Session Feedback</DialogTitle>
          <DialogDescription>
            {booking
              ? `${athleteName(booking)}, ${sessionLine(booking)}. Your payment for this session is released when you submit.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <StarRatingField value={rating} onChange={setRating} labels={RATING_LABELS} error={errors.rating} />
          <FormField label="Feedback *" error={errors.feedback}>
            <Textarea
              value={feedback}
              onChange={(e) => setFeedback(e.target.value)}
              placeholder="What did you work on? What should the player practise next?"
              maxLength={5000}
            />
          </FormField>
          {skills.data && skills.data.length > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-800">Skills (optional, 1 to 5)</legend>
              <p className="text-xs text-slate-600">Rate what you saw today; the family sees each skill over time.</p>
              <div className="grid gap-2 sm:grid-cols-2">
                {skills.data.map((s) => (
                  <label key={s.skill} className="flex items-center justify-between gap-2 text-sm text-slate-800">
                    {s.label}
                    <select
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                      value={skillRatings[s.skill] ?? 0}
                      onChange={(e) => setSkillRatings((r) => ({ ...r, [s.skill]: Number(e.target.value) }))}
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
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={submitFeedback.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} isLoading={submitFeedback.isPending}>
            Submit Feedback
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const NO_SHOW_FAILED = "Failed to mark the no-show. Please try again.";

/**
 * DESIGN.md 11: the coach marks a paid session a no-show with a note, from its start to 48 hours
 * after its end; no refund, the coach is paid, and the family gets the note by e-mail.
 */
export function NoShowDialog({ booking, onClose }: DialogProps) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const markNoShow = useMarkNoShow();

  function close() {
    if (markNoShow.isPending) return;
    setNote("");
    setError(undefined);
    onClose();
  }

  function submit() {
    if (!booking) return;
    const parsed = NoShowRequestSchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ProgressMessages.NOTE_REQUIRED);
    setError(undefined);
    markNoShow.mutate(
      { bookingId: booking.id, note: parsed.data.note },
      {
        onSuccess: () => {
          toast({ title: ProgressMessages.NO_SHOW_MARKED, description: "The family has been told, with your note.", variant: "success" });
          setNote("");
          onClose();
        },
        onError: (err) => {
          toastFailure(err, "Error", { fallback: NO_SHOW_FAILED });
        },
      },
    );
  }

  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark as No-show</DialogTitle>
          <DialogDescription>{booking ? `${athleteName(booking)}, ${sessionLine(booking)}` : null}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{NO_SHOW_POLICY}</p>
          <FormField label="Note to the family *" error={error}>
            <Textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Where and how long you waited, how you tried to reach them"
              maxLength={1000}
            />
          </FormField>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={markNoShow.isPending}>
            Back
          </Button>
          <Button variant="destructive" onClick={submit} isLoading={markNoShow.isPending}>
            Mark No-show
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
