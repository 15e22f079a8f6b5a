import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { EarningsPeriod } from "@contract/progress";

const toNumber = (amount: string) => Number(amount);

/**
 * The coach's earnings per period (gross, tips, paid out, pending) and sessions per period, drawn
 * with recharts (loaded lazily). The table beside them is the text alternative.
 */
export function EarningsCharts({ periods }: { periods: EarningsPeriod[] }) {
  const data = periods.map((p) => ({
    start: p.start,
    gross: toNumber(p.gross),
    tips: toNumber(p.tips),
    paidOut: toNumber(p.paidOut),
    pending: toNumber(p.pending),
    sessions: p.sessions,
  }));
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      <div data-testid="earnings-chart" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="start" tick={{ fontSize: 11 }} />
            <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip formatter={(v) => `$${Number(v).toFixed(2)}`} />
            <Legend />
            <Bar dataKey="gross" name="Gross" fill="#0b5d3b" isAnimationActive={false} />
            <Bar dataKey="tips" name="Tips" fill="#d97706" isAnimationActive={false} />
            <Bar dataKey="paidOut" name="Paid out" stackId="money" fill="#2563eb" isAnimationActive={false} />
            <Bar dataKey="pending" name="Pending" stackId="money" fill="#94a3b8" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div data-testid="sessions-chart" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="start" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="sessions" name="Sessions" fill="#0f766e" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
