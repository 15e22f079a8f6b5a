import { CalendarDays, DollarSign, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@client/components/ui/card";
import { useCoachEarnings } from "../api/coach-earnings";
import { PaymentSetupCard } from "./payment-setup-card";

/**
 * coach-side 2: This Week, Monthly Earnings (whole dollars), Total Students, counted by the server
 * from real bookings with the one earnings rule (contract/earnings.ts: Monthly Earnings is what was
 * earned this month; the note says what is to be paid), then the Payment Setup card. A failed read shows zeros rather than breaking
 * the dashboard.
 */
export function EarningsStats() {
  const earnings = useCoachEarnings();
  const e = earnings.data;
  const shown = (value: number | undefined) => (earnings.isLoading ? "..." : String(value ?? 0));
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Your numbers">
      <StatCard label="This Week" value={shown(e?.thisWeekSessions)} note="sessions" icon={<CalendarDays aria-hidden />} />
      <StatCard
        label="Monthly Earnings"
        value={earnings.isLoading ? "..." : `$${(e?.monthlyEarnings ?? 0).toLocaleString("en-US")}`}
        note={e && e.pendingPayouts !== "0.00" ? `earned this month; $${e.pendingPayouts} to be paid` : "earned this month"}
        icon={<DollarSign aria-hidden />}
      />
      <StatCard label="Total Students" value={shown(e?.totalStudents)} note="students" icon={<Users aria-hidden />} />
      <li>
        <PaymentSetupCard />
      </li>
    </ul>
  );
}

function StatCard({ label, value, note, icon }: { label: string; value: string; note: string; icon: ReactNode }) {
  return (
    <li>
      <Card className="flex h-full items-center gap-4 p-5" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-field-700 text-accent-300 [&_svg]:size-5">
          {icon}
        </span>
        <div className="flex flex-col">
          <span className="text-sm font-semibold text-slate-600">{label}</span>
          <span className="font-display text-3xl font-bold text-field-950">{value}</span>
          <span className="text-xs text-slate-500">{note}</span>
        </div>
      </Card>
    </li>
  );
}
