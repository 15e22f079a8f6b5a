import { useState, type ReactNode } from "react";
import type { MoneyIssues } from "@contract/money-issues";
import { Badge } from "@client/components/ui/badge";
import { Card } from "@client/components/ui/card";
import { formatInstant } from "@client/lib/when";
import { useMoneyIssues } from "../api/get-money-issues";
import { AdminListHeader, AdminListState } from "./admin-list";
import { Outcome, RetryClawbackAction, ReverseNoShowAction } from "./money-issue-actions";

type Refund = MoneyIssues["refunds"][number];
type Payout = MoneyIssues["payouts"][number];
type Dispute = MoneyIssues["disputes"][number];
type NoShow = MoneyIssues["noShows"][number];
type OutsideRefund = MoneyIssues["outsideRefunds"][number];
type RetryState = Refund["state"] | Payout["state"];

const STATE_LABEL: Record<RetryState, string> = {
  retrying: "Retrying",
  in_flight: "In flight",
  stopped: "Stopped",
  owed: "Owed by the coach",
};
const STATE_VARIANT = { retrying: "warning", in_flight: "secondary", stopped: "destructive", owed: "destructive" } as const;

const PAYOUT_STATUS_LABEL: Record<NoShow["payoutStatus"], string> = {
  none: "Not paid out",
  pending: "Waiting to be sent",
  paid: "Paid out",
  reversed: "Taken back",
  owed: "Owed by the coach (see Payouts)",
};
const FAMILY_REFUND_LABEL: Record<NoShow["familyRefund"], string> = {
  none: "None (no refund for a no-show)",
  pending: "Refund on its way",
  refunded: "Refunded in full",
  credit_returned: "Package credit given back",
};

/**
 * The admin's "Money issues" tab (DESIGN.md 4, 10 and 11): disputed charges, refunds and payouts
 * that did not go through, payouts a coach owes after a reversed no-show, and recent no-shows
 * (which an admin may reverse). Retrying ones need nothing yet; stopped and owed ones wait for a
 * person (docs/OPERATIONS.md says what to do).
 */
export function MoneyIssuesPanel() {
  const issues = useMoneyIssues();
  const data = issues.data;
  const isEmpty =
    !data || data.disputes.length + data.refunds.length + data.payouts.length + data.noShows.length + data.outsideRefunds.length === 0;
  return (
    <section aria-labelledby="money-issues-heading">
      <AdminListHeader
        id="money-issues-heading"
        title="Money issues"
        description="Disputed charges, refunds and payouts that did not go through, payouts coaches owe, refunds made outside the app, and recent no-shows. Stopped and owed ones need a person."
        action={null}
      />
      <AdminListState
        isLoading={issues.isLoading}
        error={issues.error}
        isEmpty={isEmpty}
        loadingLabel="Loading money issues..."
        errorMessage="Failed to load money issues"
        emptyTitle="No money issues"
        emptyHint="Every charge, refund and payout has gone through."
        onRetry={() => void issues.refetch()}
      >
        <div className="flex flex-col gap-8">
          <IssueList title="Disputes" items={data?.disputes ?? []} render={(d) => <DisputeItem dispute={d} />} />
          <IssueList title="Refunds" items={data?.refunds ?? []} render={(r) => <RetryItem kind="Refund" item={r} />} />
          <IssueList title="Payouts" items={data?.payouts ?? []} render={(p) => <RetryItem kind="Payout" item={p} />} />
          <IssueList title="Refunded outside the app" items={data?.outsideRefunds ?? []} render={(r) => <OutsideRefundItem refund={r} />} />
          <IssueList title="No-shows" items={data?.noShows ?? []} render={(n) => <NoShowItem noShow={n} />} />
        </div>
      </AdminListState>
    </section>
  );
}

function IssueList<T extends { bookingId: number | null }>({
  title,
  items,
  render,
}: {
  title: string;
  items: T[];
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="mb-3 font-display text-lg font-bold text-field-900 uppercase">
        {title} ({items.length})
      </h3>
      <ul className="flex flex-col gap-3">
        {items.map((item, i) => (
          <li key={`${item.bookingId ?? "none"}-${i}`}>{render(item)}</li>
        ))}
      </ul>
    </div>
  );
}

function bookingLabel(bookingId: number | null): string {
  return bookingId === null ? "No booking matched" : `Booking #${bookingId}`;
}

function money(amount: string, currency = "usd"): string {
  return currency.toLowerCase() === "usd" ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** A label and its value, stacked on a phone and side by side from the small breakpoint. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col sm:flex-row sm:gap-2">
      <dt className="shrink-0 text-xs font-semibold text-slate-600 uppercase sm:w-32 sm:text-sm sm:normal-case">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

function RetryItem({ kind, item }: { kind: "Refund" | "Payout"; item: Refund | Payout }) {
  const next =
    item.state === "stopped"
      ? "None: it waits for an admin"
      : item.state === "owed"
        ? "None: retry the clawback below"
        : item.state === "in_flight"
          ? "Checked with the provider within minutes"
          : formatInstant(item.nextAttemptAt);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="money-issue">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-field-950">
          {kind} · {bookingLabel(item.bookingId)}
        </p>
        <Badge variant={STATE_VARIANT[item.state]}>{STATE_LABEL[item.state]}</Badge>
      </div>
      <dl className="flex flex-col gap-1.5">
        {"coachName" in item ? <Fact label="Coach">{coachLabel(item.coachName, item.coachId)}</Fact> : null}
        <Fact label="Amount">{money(item.amount)}</Fact>
        {item.state === "owed" ? null : <Fact label="Attempts">{item.attempts}</Fact>}
        <Fact label="Last error">{item.lastError ?? "None recorded"}</Fact>
        <Fact label="Next attempt">{next ?? "Not scheduled"}</Fact>
      </dl>
      {item.state === "owed" && item.bookingId !== null ? <RetryClawbackAction bookingId={item.bookingId} /> : null}
    </Card>
  );
}

function coachLabel(name: string, coachId: number): string {
  return name ? `${name} (coach #${coachId})` : `Coach #${coachId}`;
}

function NoShowItem({ noShow }: { noShow: NoShow }) {
  const reversed = noShow.state === "reversed";
  // Kept here, not in the button: once reversed the card no longer offers it, but still says what happened.
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="money-issue">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-field-950">No-show · {bookingLabel(noShow.bookingId)}</p>
        <Badge variant={reversed ? "secondary" : "warning"}>{reversed ? "Reversed" : "No-show"}</Badge>
      </div>
      <dl className="flex flex-col gap-1.5">
        <Fact label="Coach">{coachLabel(noShow.coachName, noShow.coachId)}</Fact>
        <Fact label="Athlete">{noShow.athleteName || "Not named"}</Fact>
        <Fact label="Session">{formatInstant(noShow.sessionStartsAt) ?? noShow.sessionStartsAt}</Fact>
        <Fact label="Marked">{formatInstant(noShow.markedAt) ?? noShow.markedAt}</Fact>
        <Fact label="Coach's note">
          <span className="whitespace-pre-line">{noShow.note}</span>
        </Fact>
        <Fact label="Family paid">{money(noShow.amount)}</Fact>
        <Fact label="Family refund">{FAMILY_REFUND_LABEL[noShow.familyRefund]}</Fact>
        <Fact label="Coach payout">
          {money(noShow.payoutAmount)} · {PAYOUT_STATUS_LABEL[noShow.payoutStatus]}
        </Fact>
        {noShow.reversedAt ? <Fact label="Reversed">{formatInstant(noShow.reversedAt) ?? noShow.reversedAt}</Fact> : null}
      </dl>
      {reversed ? null : (
        <ReverseNoShowAction
          bookingId={noShow.bookingId}
          amount={noShow.amount}
          payoutAmount={noShow.payoutAmount}
          onOutcome={setOutcome}
        />
      )}
      <Outcome text={outcome} />
    </Card>
  );
}

/** A refund given in the provider's dashboard: the booking is left as it was, for a person to settle. */
function OutsideRefundItem({ refund }: { refund: OutsideRefund }) {
  const subject =
    refund.bookingId !== null
      ? bookingLabel(refund.bookingId)
      : refund.purchaseId !== null
        ? `Package purchase #${refund.purchaseId}`
        : "No booking matched";
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="money-issue">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-field-950">Refund outside the app · {subject}</p>
        <Badge variant={refund.status === "succeeded" ? "warning" : "secondary"}>{refund.status.replace(/_/g, " ")}</Badge>
      </div>
      <dl className="flex flex-col gap-1.5">
        <Fact label="Amount">{money(refund.amount, refund.currency)}</Fact>
        <Fact label="Refunded">{formatInstant(refund.refundedAt) ?? refund.refundedAt}</Fact>
        <Fact label="Refund id">
          <span className="font-mono text-xs break-all">{refund.id}</span>
        </Fact>
        <Fact label="Payment">
          <span className="font-mono text-xs break-all">{refund.paymentIntentId}</span>
        </Fact>
      </dl>
    </Card>
  );
}

function DisputeItem({ dispute }: { dispute: Dispute }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="money-issue">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-field-950">Dispute · {bookingLabel(dispute.bookingId)}</p>
        <Badge variant="destructive">{dispute.status.replace(/_/g, " ")}</Badge>
      </div>
      <dl className="flex flex-col gap-1.5">
        <Fact label="Amount">{money(dispute.amount, dispute.currency)}</Fact>
        <Fact label="Reason">{dispute.reason.replace(/_/g, " ") || "Not given"}</Fact>
        <Fact label="Opened">{formatInstant(dispute.openedAt) ?? dispute.openedAt}</Fact>
        <Fact label="Dispute id">
          <span className="font-mono text-xs break-all">{dispute.id}</span>
        </Fact>
      </dl>
    </Card>
  );
}
