import type { Booking } from "../../../../contract/bookings";
import { decimalToCents } from "../../../../contract/money";
import type { PaymentAccountSummary } from "../api/get-payment-account-status";

export type PaymentSetupState = "Active" | "Setup Required" | "Not Started";

export type DashboardStats = { sessionsThisWeek: number; monthlyEarningsDollars: number; totalStudents: number };

/** Sessions that happen (or happened) and earn: paid, and not cancelled. */
const counts = (b: Booking) => b.status === "confirmed" || b.status === "completed";

/**
 * The stat cards (coach-side 2), computed on the coach's calendar: `today` is the coach's local
 * date and `weekStart` the Sunday of its week. Earnings are the coach's share, in whole dollars.
 */
export function dashboardStats(bookings: readonly Booking[], today: string, weekStart: string, weekEnd: string): DashboardStats {
  const month = today.slice(0, 7);
  const active = bookings.filter(counts);
  const earningsCents = active
    .filter((b) => b.sessionDate.startsWith(month))
    .reduce((sum, b) => sum + (decimalToCents(b.coachEarnings) ?? 0), 0);
  return {
    sessionsThisWeek: active.filter((b) => b.sessionDate >= weekStart && b.sessionDate <= weekEnd).length,
    monthlyEarningsDollars: Math.floor(earningsCents / 100),
    totalStudents: new Set(active.map((b) => b.studentId)).size,
  };
}

export function paymentSetupState(status: PaymentAccountSummary | null | undefined): PaymentSetupState {
  if (!status?.hasAccount) return "Not Started";
  return status.accountComplete || status.onboardingComplete ? "Active" : "Setup Required";
}
