import { RotateCcw, Undo2 } from "lucide-react";
import { useState } from "react";
import type { ReverseNoShowResponse } from "@contract/progress";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/dialog";
import { useReverseNoShow } from "../api/reverse-no-show";
import { notifyFailed, notifySaved } from "./admin-feedback";

/** What became of the family's money and the coach's payout, in words (the toast and the card say it). */
export function reversalOutcome(result: ReverseNoShowResponse): string {
  const refund =
    result.refund.status === "refunded"
      ? `The family is refunded $${result.refund.amount} in full.`
      : result.refund.status === "pending"
        ? `The family's refund of $${result.refund.amount} is on its way; it is retried until the provider takes it.`
        : `The family's refund of $${result.refund.amount} failed; it is listed under Refunds.`;
  const payout = {
    reversed: "The coach's payout was taken back.",
    cancelled: "The coach's payout was cancelled before it was sent.",
    owed: "The coach's payout could not be taken back: the coach owes it (listed under Payouts).",
    none: "",
  }[result.payout];
  return [refund, payout].filter(Boolean).join(" ");
}

/** The outcome of the last action on a card, read out to screen readers as it appears. */
export function Outcome({ text }: { text: string | null }) {
  return (
    <p role="status" className={text ? "rounded-lg bg-field-50 px-3 py-2 text-sm text-field-900" : "sr-only"}>
      {text ?? ""}
    </p>
  );
}

/**
 * "Reverse no-show" on a no-show that stands: asks first, saying what it does (the family refunded
 * in full, the coach's payout taken back), then says what happened through `onOutcome` (the card
 * keeps showing it once the reversed no-show no longer offers the button).
 */
export function ReverseNoShowAction({
  bookingId,
  amount,
  payoutAmount,
  onOutcome,
}: {
  bookingId: number;
  amount: string;
  payoutAmount: string;
  onOutcome: (text: string) => void;
}) {
  const reverse = useReverseNoShow();
  async function confirm() {
    try {
      const result = await reverse.mutateAsync(bookingId);
      const text = `No-show reversed. ${reversalOutcome(result)}`;
      onOutcome(text);
      notifySaved(text);
    } catch (error) {
      notifyFailed(error, "Failed to reverse the no-show");
    }
  }
  return (
    <ConfirmDialog
      title="Reverse this no-show?"
      description={`The family is refunded $${amount} in full, and the coach's payout of $${payoutAmount} is taken back (or recorded as owed by the coach if it cannot be). The family is told by e-mail. This cannot be undone.`}
      confirmLabel="Reverse no-show"
      onConfirm={confirm}
      trigger={
        <Button
          variant="destructive"
          size="sm"
          className="w-full sm:w-auto sm:self-start"
          aria-label={`Reverse no-show of booking #${bookingId}`}
        >
          <Undo2 aria-hidden /> Reverse no-show
        </Button>
      }
    />
  );
}

/** "Retry clawback" on a payout a coach owes: the reversal endpoint tries taking it back again. */
export function RetryClawbackAction({ bookingId }: { bookingId: number }) {
  const retry = useReverseNoShow();
  const [outcome, setOutcome] = useState<string | null>(null);
  async function run() {
    try {
      const result = await retry.mutateAsync(bookingId);
      const text =
        result.payout === "owed"
          ? "The provider still could not take the payout back; the coach still owes it."
          : result.payout === "reversed"
            ? "The payout was taken back from the coach."
            : "Nothing is owed for this payout any more.";
      setOutcome(text);
      if (result.payout === "owed") notifyFailed(null, text);
      else notifySaved(text);
    } catch (error) {
      notifyFailed(error, "Failed to retry the clawback");
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        size="sm"
        className="w-full sm:w-auto sm:self-start"
        isLoading={retry.isPending}
        onClick={() => void run()}
        aria-label={`Retry clawback of booking #${bookingId}`}
      >
        <RotateCcw aria-hidden /> Retry clawback
      </Button>
      <Outcome text={outcome} />
    </div>
  );
}
