import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EarningsWords, type EarningsInterval, type EarningsPeriod } from "@contract/earnings";
import { periodLabel } from "./period-label";

const toNumber = (amount: string) => Number(amount);

/**
 * The coach's figures per period in the contract's words (earned, upcoming, paid out, to be paid)
 * and sessions per period, drawn with recharts (loaded lazily). The table beside them is the text
 * alternative.
 */
export function EarningsCharts({ periods, interval }: { periods: EarningsPeriod[]; interval: EarningsInterval }) {
  // The app's short dates ("Nov 23", "Nov 2026"), not the API's ISO dates.
  const tick = (start: string) => periodLabel(start, interval, "short");
  const tooltipLabel = (start: unknown) => periodLabel(String(start), interval, "long");
  const data = periods.map((p) => ({
    start: p.start,
    gross: toNumber(p.gross),
    upcoming: toNumber(p.upcoming),
    paidOut: toNumber(p.paidOut),
    pending: toNumber(p.pending),
    sessions: p.sessions,
    upcomingSessions: p.upcomingSessions,
  }));
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      <div data-testid="earnings-chart" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="start" tick={{ fontSize: 11 }} tickFormatter={tick} />
            <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip formatter={(v) => `$${Number(v).toFixed(2)}`} labelFormatter={tooltipLabel} />
            <Legend />
            <Bar dataKey="gross" name={EarningsWords.earned} fill="#0b5d3b" isAnimationActive={false} />
            <Bar dataKey="upcoming" name={EarningsWords.upcoming} fill="#d97706" isAnimationActive={false} />
            <Bar dataKey="paidOut" name={EarningsWords.paidOut} stackId="money" fill="#2563eb" isAnimationActive={false} />
            <Bar dataKey="pending" name={EarningsWords.toBePaid} stackId="money" fill="#94a3b8" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div data-testid="sessions-chart" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="start" tick={{ fontSize: 11 }} tickFormatter={tick} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip labelFormatter={tooltipLabel} />
            <Legend />
            <Bar dataKey="sessions" name="Sessions taught" stackId="sessions" fill="#0f766e" isAnimationActive={false} />
            <Bar dataKey="upcomingSessions" name="Sessions to come" stackId="sessions" fill="#99d5c9" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
