import { useState } from "react";
import type { Credit } from "@contract/packages";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { useCreditLedger, useCredits } from "../api/packages";

const STATE_LABEL: Record<Credit["state"], string> = { active: "Active", used: "Used up", expired: "Expired", refunded: "Refunded" };
const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** The family's credits (coach, kind, remaining, expiry), each with its ledger: "balance and why". */
export function MyCredits({ coachId, title = "My Credits" }: { coachId?: number; title?: string }) {
  const credits = useCredits(coachId);
  if (!credits.data || credits.data.length === 0) return null;
  return (
    <section aria-labelledby="credits-heading" className="flex flex-col gap-3">
      <h2 id="credits-heading" className="text-lg font-semibold text-field-950">
        {title}
      </h2>
      <ul className="flex flex-col gap-3">
        {credits.data.map((c) => (
          <CreditItem key={c.id} credit={c} />
        ))}
      </ul>
    </section>
  );
}

function CreditItem({ credit }: { credit: Credit }) {
  const [open, setOpen] = useState(false);
  const ledger = useCreditLedger(credit.id, open);
  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-label={`${credit.title} credits`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold text-field-950">
            {credit.title} · {credit.familyName ?? credit.coachName}
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
      <Button variant="link" className="px-0" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? "Hide history" : "Balance and why"}
      </Button>
      {open && ledger.data ? (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1 font-medium">Date</th>
              <th className="py-1 font-medium">What</th>
              <th className="py-1 font-medium">Change</th>
              <th className="py-1 font-medium">Balance</th>
            </tr>
          </thead>
          <tbody>
            {ledger.data.lines.map((line) => (
              <tr key={line.id} className="border-t border-slate-100">
                <td className="py-1">{dateOf(line.createdAt)}</td>
                <td className="py-1">
                  {line.label}
                  {line.sessionStartsAt ? ` (session ${dateOf(line.sessionStartsAt)})` : ""}
                </td>
                <td className="py-1">{line.change > 0 ? `+${line.change}` : line.change}</td>
                <td className="py-1">{line.balance}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}
