// The Overview's pictures. Loaded on demand: the charting library is the largest part of the app.
import { AmountChart } from './AmountChart';
import { CategoryChart } from './CategoryChart';
import type { OverviewSummary } from './summarize';
import { VolumeChart } from './VolumeChart';

export default function OverviewCharts({
  summary,
  currency,
}: {
  summary: OverviewSummary;
  currency: string;
}): React.JSX.Element {
  return (
    <div className="charts">
      <VolumeChart days={summary.days} />
      <AmountChart days={summary.days} currency={currency} />
      <CategoryChart categories={summary.categories[currency] ?? []} currency={currency} />
    </div>
  );
}
