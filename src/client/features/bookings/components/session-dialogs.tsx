import { AlertTriangle } from "lucide-react";
import { sessionAthleteName } from "@contract/family-basics";
import { NO_SHOW_POLICY } from "@contract/progress-basics";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { LazyDialogBody } from "@client/components/ui/lazy-dialog-body";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { useCancelSession, useFeedbackSkills, useMarkNoShow, useSubmitFeedback, type CoachBooking } from "../api/coach-bookings";
import { sessionStart, shortDate } from "./booking-groups";

// The dialogs' frames (title, the session, the warning) open at once; their forms bring the form
// library and the cancellation, feedback and no-show schemas (zod), and load when the coach first
// opens one of them, not with the dashboard.
const loadForms = () => import("./session-dialog-forms");
const CancelSessionForm = lazyWithReload(async () => ({ default: (await loadForms()).CancelSessionForm }));
const FeedbackForm = lazyWithReload(async () => ({ default: (await loadForms()).FeedbackForm }));
const NoShowForm = lazyWithReload(async () => ({ default: (await loadForms()).NoShowForm }));

export const CANCEL_WARNING =
  "This cannot be undone. Every student booked in this session will be refunded in full and notified by text message.";

type DialogProps = { booking: CoachBooking | null; onClose: () => void };

const sessionLine = (b: CoachBooking) => `${shortDate(b.sessionDate)} at ${sessionStart(b)}`;
/** The athlete the session is for (DESIGN.md 11). */
const athleteName = (b: CoachBooking) => sessionAthleteName(b, "Student");

/** coach-side 2 and 5: cancelling needs a reason, is irreversible and refunds everyone in the session. */
export function CancelSessionDialog({ booking, onClose }: DialogProps) {
  const cancel = useCancelSession();
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
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
          {booking ? (
            <LazyDialogBody>
              <CancelSessionForm booking={booking} cancel={cancel} onClose={onClose} />
            </LazyDialogBody>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** coach-side 5: feedback text and 1-5 stars, both required; submitting releases the held payment. */
export function FeedbackDialog({ booking, onClose }: DialogProps) {
  const submitFeedback = useSubmitFeedback();
  // Asked for as the dialog opens, beside its form's code.
  const skills = useFeedbackSkills(booking?.id ?? null);
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && !submitFeedback.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Submit Session Feedback</DialogTitle>
          <DialogDescription>
            {booking
              ? `${athleteName(booking)}, ${sessionLine(booking)}. Your payment for this session is released when you submit.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {booking ? (
          <LazyDialogBody>
            <FeedbackForm booking={booking} skills={skills.data} submitFeedback={submitFeedback} onClose={onClose} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * DESIGN.md 11: the coach marks a paid session a no-show with a note, from its start to 48 hours
 * after its end; no refund, the coach is paid, and the family gets the note by e-mail.
 */
export function NoShowDialog({ booking, onClose }: DialogProps) {
  const markNoShow = useMarkNoShow();
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && !markNoShow.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark as No-show</DialogTitle>
          <DialogDescription>{booking ? `${athleteName(booking)}, ${sessionLine(booking)}` : null}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{NO_SHOW_POLICY}</p>
          {booking ? (
            <LazyDialogBody>
              <NoShowForm booking={booking} markNoShow={markNoShow} onClose={onClose} />
            </LazyDialogBody>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
