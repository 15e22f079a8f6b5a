import { CalendarDays, ChevronRight, CreditCard, DollarSign, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { useCoachBookings } from "../api/get-coach-bookings";
import { usePaymentAccountStatus } from "../api/get-payment-account-status";
import { dashboardStats, paymentSetupState } from "./dashboard-stats-model";

const STRIPE_CONNECT_PATH = "/coach/stripe-connect";

type Props = { today: string; weekStart: string; weekEnd: string };

/**
 * coach-side 2: This Week, Monthly Earnings, Total Students and Payment Setup. A failed read shows
 * zeros and "Not Started" instead of breaking the dashboard.
 */
export function DashboardStats({ today, weekStart, weekEnd }: Props) {
  const bookings = useCoachBookings(true);
  const account = usePaymentAccountStatus(true);
  const stats = dashboardStats(bookings.data ?? [], today, weekStart, weekEnd);
  const payment = paymentSetupState(account.isError ? null : account.data);
  const complete = payment === "Active";

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Your numbers">
      <StatCard label="This Week" value={String(stats.sessionsThisWeek)} note="sessions" icon={<CalendarDays aria-hidden />} />
      <StatCard
        label="Monthly Earnings"
        value={`$${stats.monthlyEarningsDollars.toLocaleString("en-US")}`}
        note="this month"
        icon={<DollarSign aria-hidden />}
      />
      <StatCard label="Total Students" value={String(stats.totalStudents)} note="students" icon={<Users aria-hidden />} />
      <li>
        {complete ? (
          <Card className="flex h-full items-center gap-4 p-5">
            <StatIcon>
              <CreditCard aria-hidden />
            </StatIcon>
            <div className="flex flex-1 flex-col">
              <span className="text-sm font-semibold text-slate-600">Payment Setup</span>
              <span className="font-display text-xl font-bold text-emerald-800 uppercase">{payment}</span>
            </div>
            <Link href={STRIPE_CONNECT_PATH} className="text-sm font-semibold text-field-700 underline-offset-4 hover:underline">
              Manage
            </Link>
          </Card>
        ) : (
          <Link
            href={STRIPE_CONNECT_PATH}
            className="group block h-full rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
            aria-label={`Payment Setup: ${payment}. Set up payments`}
          >
            <Card className="flex h-full items-center gap-4 border-amber-300 p-5 transition-colors group-hover:border-field-600">
              <StatIcon className="bg-amber-100 text-amber-800">
                <CreditCard aria-hidden />
              </StatIcon>
              <div className="flex flex-1 flex-col">
                <span className="text-sm font-semibold text-slate-600">Payment Setup</span>
                <span className="font-display text-xl font-bold text-amber-800 uppercase">{payment}</span>
              </div>
              <ChevronRight aria-hidden className="size-5 text-slate-400 group-hover:text-field-700" />
            </Card>
          </Link>
        )}
      </li>
    </ul>
  );
}

function StatIcon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl bg-field-700 text-accent-300 [&_svg]:size-5", className)}
    >
      {children}
    </span>
  );
}

function StatCard({ label, value, note, icon }: { label: string; value: string; note: string; icon: ReactNode }) {
  return (
    <li>
      <Card className="flex h-full items-center gap-4 p-5" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        <StatIcon>{icon}</StatIcon>
        <div className="flex flex-col">
          <span className="text-sm font-semibold text-slate-600">{label}</span>
          <span className="font-display text-3xl font-bold text-field-950">{value}</span>
          <span className="text-xs text-slate-500">{note}</span>
        </div>
      </Card>
    </li>
  );
}
