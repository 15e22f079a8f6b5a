import { XCircle } from "lucide-react";
import { useState } from "react";
import type { Booking } from "@contract/bookings";
import { canCancelForRefund } from "@contract/booking-basics";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useCancelOwnBooking } from "../api/cancel-own-booking";
import { isUnauthorized } from "@client/lib/api-client";

/**
 * "Cancel booking" on the student's upcoming booking, behind a confirmation dialog. The dialog
 * states the outcome before the click: the hold released, or a full refund under the 24-hour policy;
 * later than that the server refuses and its message (naming the policy) is shown.
 */
export function CancelBookingAction({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const cancel = useCancelOwnBooking();
  if (booking.status !== "pending" && booking.status !== "confirmed") return null;
  const refundable = booking.status === "confirmed" && canCancelForRefund(new Date(booking.startsAt), new Date());

  const description =
    booking.status === "pending"
      ? "Your reserved seat will be released. You have not been charged."
      : refundable && booking.paidWith === "credit"
        ? "Your credit goes back to your package, to book another session (cancellations 24 hours or more before the session)."
        : refundable
          ? `You will get a full refund of $${booking.totalAmount} (cancellations 24 hours or more before the session are refunded in full).`
          : "This session starts in less than 24 hours. Under our 24-hour cancellation policy it can no longer be refunded; please message your coach instead.";

  async function confirm() {
    setRefusal(undefined);
    // mutateAsync, not mutate's callbacks: the list refreshes and this card's action unmounts on success.
    try {
      const answer = await cancel.mutateAsync(booking.id);
      toast({ title: "Booking cancelled", description: answer.message, variant: "success" });
      setOpen(false);
    } catch (err) {
      if (!isUnauthorized(err)) setRefusal(messageOr(err, "Failed to cancel the booking. Please try again."));
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        <XCircle aria-hidden className="max-sm:hidden" /> Cancel booking
      </Button>
      <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Cancel this booking?</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {refusal ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {refusal}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep booking
            </Button>
            <Button variant="destructive" onClick={() => void confirm()} isLoading={cancel.isPending}>
              Cancel booking
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
