import { describe, expect, it } from "vitest";
import type { Booking } from "../../../../contract/bookings";
import { dashboardStats, paymentSetupState } from "./dashboard-stats-model";

const booking = (over: Partial<Booking>): Booking =>
  ({ id: 1, studentId: 1, status: "confirmed", sessionDate: "2026-11-24", coachEarnings: "85.00", ...over }) as Booking;

describe("dashboard stat cards", () => {
  it("count this week's paid sessions, this month's earnings in whole dollars and distinct students", () => {
    const stats = dashboardStats(
      [
        booking({ id: 1, studentId: 1, sessionDate: "2026-11-23", coachEarnings: "85.50" }),
        booking({ id: 2, studentId: 1, sessionDate: "2026-11-29", status: "completed", coachEarnings: "40.75" }),
        booking({ id: 3, studentId: 2, sessionDate: "2026-11-30", coachEarnings: "60.00" }),
        booking({ id: 4, studentId: 3, sessionDate: "2026-11-24", status: "pending" }),
        booking({ id: 5, studentId: 4, sessionDate: "2026-11-24", status: "cancelled" }),
      ],
      "2026-11-23",
      "2026-11-22",
      "2026-11-28",
    );
    expect(stats).toEqual({ sessionsThisWeek: 1, monthlyEarningsDollars: 186, totalStudents: 2 });
  });

  it("reads the payment setup state", () => {
    expect(paymentSetupState(null)).toBe("Not Started");
    expect(paymentSetupState({ hasAccount: false })).toBe("Not Started");
    expect(paymentSetupState({ hasAccount: true, accountComplete: false })).toBe("Setup Required");
    expect(paymentSetupState({ hasAccount: true, accountComplete: true })).toBe("Active");
  });
});
