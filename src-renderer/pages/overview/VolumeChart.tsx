// Authorizations per day (approved and not approved, stacked) with the day's approval rate.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './ChartFigure';
import { AXIS_TICK, CHART_COLORS, DAY_CHART_FRAME, dayLabel, largest, percent } from './chartFormat';
import type { DayFigures } from './summarize';

export function VolumeChart({ days }: { days: DayFigures[] }): React.JSX.Element {
  const data = days.map((d) => ({ ...d, label: dayLabel(d.date) }));
  const busiest = largest(days, (d) => d.total);
  const total = days.reduce((n, d) => n + d.total, 0);
  const rates = days.filter((d) => d.approvalRate !== null).map((d) => d.approvalRate!);
  const lowest = rates.length ? Math.min(...rates) : null;
  const summary =
    total === 0
      ? 'No authorizations in this range.'
      : `${total.toLocaleString('en')} authorizations over ${days.length} days; the busiest day was ${dayLabel(busiest!.date)} with ${busiest!.total}. ` +
        `The daily approval rate was never below ${percent(lowest)}.`;
  return (
    <ChartFigure
      wide
      title="Authorizations per day"
      summary={summary}
      table={{
        columns: ['Day', 'Approved', 'Not approved', 'Approval rate'],
        rows: days.map((d) => ({ key: d.date, cells: [d.date, d.approved, d.declined, percent(d.approvalRate)] })),
      }}
    >
      <ComposedChart data={data} {...DAY_CHART_FRAME}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis yAxisId="count" allowDecimals={false} tick={AXIS_TICK} width={40} />
        <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} unit="%" tick={AXIS_TICK} width={44} />
        <Tooltip formatter={(value, name) => (name === 'Approval rate' ? percent(Number(value)) : value)} />
        <Legend />
        <Bar
          yAxisId="count"
          dataKey="approved"
          name="Approved"
          stackId="n"
          fill={CHART_COLORS.approved}
          isAnimationActive={false}
        />
        <Bar
          yAxisId="count"
          dataKey="declined"
          name="Not approved"
          stackId="n"
          fill={CHART_COLORS.declined}
          isAnimationActive={false}
        />
        <Line
          yAxisId="rate"
          dataKey="approvalRate"
          name="Approval rate"
          stroke={CHART_COLORS.rate}
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFigure>
  );
}
