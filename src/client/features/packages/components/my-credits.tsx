import { useState } from "react";
import type { Credit } from "@contract/packages";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/dialog";
import { Spinner } from "@client/components/ui/spinner";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useCreditLedger, useCreditPages, useRefundCredit } from "../api/packages";
import { isUnauthorized } from "@client/lib/api-client";

const STATE_LABEL: Record<Credit["state"], string> = { active: "Active", used: "Used up", expired: "Expired", refunded: "Refunded" };
const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * The credits the viewer may see (coach, kind, remaining, expiry), each with its ledger: "balance and
 * why". A family sees its own; a coach the ones families bought (and may refund the unused ones);
 * an admin everyone's. Paged: "Show more" reads the next page.
 */
export function MyCredits({
  coachId,
  title = "My Credits",
  canRefund = false,
  emptyText,
}: {
  coachId?: number;
  title?: string;
  /** The coach who sold them, or an admin: the unused credits can be refunded pro rata. */
  canRefund?: boolean;
  /** Shown when there are none; without it the section is left out. */
  emptyText?: string;
}) {
  const credits = useCreditPages(coachId);
  if (credits.isLoading) return emptyText ? <Spinner label="Loading credits..." /> : null;
  if (credits.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        Could not load the credits.
        <Button size="sm" variant="outline" onClick={() => void credits.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const list = credits.data ?? [];
  if (list.length === 0 && !emptyText) return null;
  return (
    <section aria-labelledby="credits-heading" className="flex flex-col gap-3">
      <h2 id="credits-heading" className="text-lg font-semibold text-field-950">
        {title}
      </h2>
      {list.length === 0 ? <p className="text-slate-600">{emptyText}</p> : null}
      <ul className="flex flex-col gap-3">
        {list.map((c) => (
          <CreditItem key={c.id} credit={c} canRefund={canRefund} />
        ))}
      </ul>
      {credits.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => void credits.fetchNextPage()}
          isLoading={credits.isFetchingNextPage}
        >
          Show more credits
        </Button>
      ) : null}
    </section>
  );
}

function CreditItem({ credit, canRefund }: { credit: Credit; canRefund: boolean }) {
  const [open, setOpen] = useState(false);
  const ledger = useCreditLedger(credit.id, open);
  const refund = useRefundCredit();
  const who = credit.familyName ? `${credit.familyName} (coach ${credit.coachName})` : credit.coachName;

  async function refundUnused() {
    try {
      const result = await refund.mutateAsync(credit.id);
      toast({
        title: "Credits refunded",
        description: `$${result.refundAmount} ${result.refundStatus === "refunded" ? "was refunded" : "is being refunded"} to the family's card.`,
        variant: "success",
      });
    } catch (error) {
      if (isUnauthorized(error)) return;
      toast({
        title: "Refund failed",
        description: messageOr(error, "The credits could not be refunded. Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-label={`${credit.title} credits`} data-testid={`credit-${credit.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold text-field-950">
            {credit.title} · {who}
          </p>
          <p className="text-sm text-slate-600">
            {credit.duration}-minute {credit.sessionType} sessions · expires {dateOf(credit.expiresAt)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={credit.state === "active" ? "success" : "secondary"}>{STATE_LABEL[credit.state]}</Badge>
          <span className="font-semibold" data-testid="credits-remaining">
            {credit.remaining} of {credit.total} left
          </span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="link" className="px-0" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? "Hide history" : "Balance and why"}
        </Button>
        {canRefund && credit.state === "active" && credit.remaining > 0 ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Refund unused credits of ${credit.title}`}>
                Refund unused credits
              </Button>
            }
            title="Refund the unused credits?"
            description={`${credit.remaining} unused credit${credit.remaining === 1 ? "" : "s"} of "${credit.title}" bought by ${credit.familyName ?? "the family"}: $${credit.remainingValue} goes back to their card (pro rata, platform fee included) and the credits can no longer be used. This cannot be undone.`}
            confirmLabel={`Refund $${credit.remainingValue}`}
            onConfirm={refundUnused}
          />
        ) : null}
      </div>
      {open && ledger.isLoading ? <Spinner label="Loading the history..." /> : null}
      {open && ledger.isError ? <p className="text-sm text-red-700">Could not load the history.</p> : null}
      {open && ledger.data ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th className="py-1 font-medium">Date</th>
                <th className="py-1 font-medium">What</th>
                <th className="py-1 font-medium">Change</th>
                <th className="py-1 font-medium">Amount</th>
                <th className="py-1 font-medium">Balance</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.lines.map((line) => (
                <tr key={line.id} className="border-t border-slate-100" data-kind={line.kind}>
                  <td className="py-1">{dateOf(line.createdAt)}</td>
                  <td className="py-1">
                    {line.label}
                    {line.sessionStartsAt ? ` (session ${dateOf(line.sessionStartsAt)})` : ""}
                  </td>
                  <td className="py-1">{line.change > 0 ? `+${line.change}` : line.change}</td>
                  <td className="py-1">{line.amount.startsWith("-") ? `-$${line.amount.slice(1)}` : `$${line.amount}`}</td>
                  <td className="py-1">{line.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}
