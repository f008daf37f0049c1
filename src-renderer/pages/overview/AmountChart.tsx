// The amount authorized per day in one currency: approved and not approved, stacked.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../lib/format';
import { ChartFigure } from './ChartFigure';
import { AXIS_TICK, CHART_COLORS, DAY_CHART_FRAME, compactMoney, dayLabel, largest } from './chartFormat';
import type { DayFigures } from './summarize';

export function AmountChart({ days, currency }: { days: DayFigures[]; currency: string }): React.JSX.Element {
  const data = days.map((d) => ({
    date: d.date,
    label: dayLabel(d.date),
    approved: d.approvedAmount[currency] ?? 0,
    declined: d.declinedAmount[currency] ?? 0,
  }));
  const approvedTotal = data.reduce((n, d) => n + d.approved, 0);
  const top = largest(data, (d) => d.approved);
  const summary =
    approvedTotal === 0
      ? `No approved ${currency} amount in this range.`
      : `${formatMoney(approvedTotal, currency)} approved in ${currency}; the largest day was ${dayLabel(top!.date)} with ${formatMoney(top!.approved, currency)}.`;
  const title = `Amount per day (${currency})`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={{
        columns: ['Day', 'Approved', 'Not approved'],
        rows: data.map((d) => ({
          key: d.date,
          cells: [d.date, formatMoney(d.approved, currency), formatMoney(d.declined, currency)],
        })),
      }}
    >
      <BarChart data={data} {...DAY_CHART_FRAME}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis tickFormatter={(v: number) => compactMoney(v, currency)} tick={AXIS_TICK} width={64} />
        <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
        <Legend />
        <Bar dataKey="approved" name="Approved" stackId="a" fill={CHART_COLORS.approved} isAnimationActive={false} />
        <Bar
          dataKey="declined"
          name="Not approved"
          stackId="a"
          fill={CHART_COLORS.declined}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFigure>
  );
}
