import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SkillSeries } from "@contract/progress";
import { formatMediumDate, formatShortDate } from "@client/lib/when";

const COLORS = ["#0b5d3b", "#d97706", "#2563eb", "#be123c", "#7c3aed", "#0f766e"];

type Row = { key: string; date: string; coach: string } & Record<string, number | string>;

/**
 * Each rated skill as a line over the athlete's sessions (one point per rated session). Loaded
 * lazily (recharts is only fetched on the pages that draw charts); the table beside it is the text
 * alternative, so the drawing itself is hidden from screen readers.
 */
export function SkillCharts({ skills }: { skills: SkillSeries[] }) {
  const rows = new Map<string, Row>();
  for (const series of skills) {
    for (const point of series.ratings) {
      const key = `${point.date}#${point.bookingId}`;
      const row = rows.get(key) ?? ({ key, date: point.date, coach: point.coach } as Row);
      row[series.skill] = point.rating;
      rows.set(key, row);
    }
  }
  const data = [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
  return (
    <div aria-hidden="true" data-testid="skill-chart" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          {/* The app's short date ("Nov 23"), not the API's ISO date. */}
          <XAxis dataKey="date" tick={{ fontSize: 12 }} tickFormatter={(date: string) => formatShortDate(date) ?? date} />
          <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip
            labelFormatter={(label, payload) => {
              const coach = (payload[0]?.payload as Row | undefined)?.coach;
              const date = formatMediumDate(String(label)) ?? String(label);
              return coach ? `${date} with ${coach}` : date;
            }}
          />
          <Legend />
          {skills.map((series, i) => (
            <Line
              key={series.skill}
              type="monotone"
              dataKey={series.skill}
              name={series.label}
              stroke={COLORS[i % COLORS.length]}
              strokeWidth={2}
              connectNulls
              isAnimationActive={false}
              dot={{ r: 4 }}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
