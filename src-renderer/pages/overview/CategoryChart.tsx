// Approved spend by merchant category in one currency, largest first.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../lib/format';
import { ChartFigure } from './ChartFigure';
import { AXIS_TICK, CHART_COLORS, compactMoney } from './chartFormat';
import { topCategories, type CategoryFigures } from './summarize';

export function CategoryChart({
  categories,
  currency,
}: {
  categories: CategoryFigures[];
  currency: string;
}): React.JSX.Element {
  const data = topCategories(categories);
  const total = categories.reduce((n, c) => n + c.amount, 0);
  const first = categories[0];
  const summary = !first
    ? `No approved ${currency} spend in this range.`
    : `${first.label} leads with ${formatMoney(first.amount, currency)} of ${formatMoney(total, currency)} (${Math.round((first.amount / total) * 100)}%), across ${categories.length} categories.`;
  const title = `Spend by merchant category (${currency})`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={{
        columns: ['Category', 'Approved amount', 'Authorizations'],
        rows: categories.map((c) => ({ key: c.category, cells: [c.label, formatMoney(c.amount, currency), c.count] })),
      }}
    >
      <BarChart
        data={data}
        layout="vertical"
        responsive
        style={{ width: '100%', height: Math.max(160, data.length * 30 + 40) }}
        accessibilityLayer={false}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => compactMoney(v, currency)} tick={AXIS_TICK} />
        <YAxis type="category" dataKey="label" width={180} tick={AXIS_TICK} />
        <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
        <Bar dataKey="amount" name="Approved amount" fill={CHART_COLORS.category} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
