import { z } from "zod";
import { ProgressMessages } from "./progress";

/**
 * The coach's figures (DESIGN.md 12, "Families and money"): one set of words and one rule for the
 * dashboard's cards, the chart, the CSV and the yearly PDF. A paid session (payment completed, by
 * card or credit) is **earned** once it was taught (completed) or marked a no-show, at its rate;
 * **upcoming** while it is confirmed and not yet taught. **Paid out** is what was transferred for
 * earned sessions, **to be paid** what they earned and was not paid out yet (rate and tip, so
 * earned + tips = paid out + to be paid). Holds, unpaid, cancelled and refunded sessions are in
 * none of them.
 */
export const EarningsWords = {
  earned: "Earned",
  upcoming: "Upcoming",
  paidOut: "Paid out",
  toBePaid: "To be paid",
} as const;

/** A session given: taught (its end passed) or a no-show. The one "session given" rule. */
export const EARNED_STATUSES = ["completed", "no_show"] as const;
/** Paid for, not yet taught. */
export const UPCOMING_STATUSES = ["confirmed"] as const;

export type EarningsKind = "earned" | "upcoming";

/** Which figure a booking counts toward, if any (only paid bookings count). */
export function earningsKindOf(booking: { status: string; paymentStatus: string }): EarningsKind | null {
  if (booking.paymentStatus !== "completed") return null;
  if ((EARNED_STATUSES as readonly string[]).includes(booking.status)) return "earned";
  if ((UPCOMING_STATUSES as readonly string[]).includes(booking.status)) return "upcoming";
  return null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/coach/earnings?from&to&interval: dates in the coach's time zone, both included. */
export const EarningsQuerySchema = z.object({
  from: z.string({ message: ProgressMessages.INVALID_RANGE }).regex(DAY, { message: ProgressMessages.INVALID_RANGE }).optional(),
  to: z.string({ message: ProgressMessages.INVALID_RANGE }).regex(DAY, { message: ProgressMessages.INVALID_RANGE }).optional(),
  interval: z.enum(["week", "month"], { message: "interval must be week or month" }).optional(),
});
export type EarningsQuery = z.infer<typeof EarningsQuerySchema>;
export type EarningsInterval = "week" | "month";

/**
 * One period of the coach's business, by the sessions starting in it. Money as decimal strings.
 * `sessions` and `gross` count earned sessions (gross: their rates, before the platform fee,
 * without tips); `tips` and `platformFees` are theirs; `paidOut` and `pending` (to be paid) split
 * their gross + tips by whether the payout was sent; `upcoming` is the rates of the paid sessions
 * not yet taught (`upcomingSessions` of them).
 */
export type EarningsPeriod = {
  start: string;
  sessions: number;
  gross: string;
  tips: string;
  platformFees: string;
  paidOut: string;
  pending: string;
  upcoming: string;
  upcomingSessions: number;
};

export type CoachEarningsSeries = {
  from: string;
  to: string;
  interval: EarningsInterval;
  periods: EarningsPeriod[];
  /** Families with an earned or upcoming session in the range, and those with two or more (repeat clients). */
  clients: number;
  repeatClients: number;
};

/** The columns of GET /api/coach/earnings.csv, in order (the words of EarningsWords). */
export const EARNINGS_CSV_HEADER = [
  "start",
  "sessions",
  "earned",
  "tips",
  "platform_fees",
  "paid_out",
  "to_be_paid",
  "upcoming",
  "upcoming_sessions",
] as const;

/** One period as a CSV row, in EARNINGS_CSV_HEADER's order. */
export const earningsCsvRow = (p: EarningsPeriod) =>
  [p.start, p.sessions, p.gross, p.tips, p.platformFees, p.paidOut, p.pending, p.upcoming, p.upcomingSessions].join(",");

/** GET /api/coach/statements/{year}(.pdf): a year's summary for taxes, by month, from the same figures. */
export type CoachStatement = {
  year: number;
  coach: { name: string; timeZone: string };
  months: EarningsPeriod[];
  totals: Omit<EarningsPeriod, "start">;
  /** The payouts sent for the year's sessions (one transfer each), whose sum is totals.paidOut. */
  payouts: { bookingId: number; sessionDate: string; amount: string; transferId: string; paidAt: string }[];
};

/** GET /api/coaches/me/earnings: the dashboard's stat cards, from the same rule as the series. */
export type CoachEarnings = {
  /** Earned or upcoming sessions starting this week (Monday to Sunday, coach's time zone). */
  thisWeekSessions: number;
  /** Whole dollars earned (the `gross` of this month's period) from sessions starting this month. */
  monthlyEarnings: number;
  /** Families with an earned or upcoming session. */
  totalStudents: number;
  /** To be paid: what earned sessions earned and was not paid out ("123.00"). */
  pendingPayouts: string;
  /** Paid out: earnings already transferred to the coach ("456.00"). */
  paidOut: string;
  /** Upcoming: the rates of paid sessions not yet taught ("80.00"). */
  upcoming: string;
};
