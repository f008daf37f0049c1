// The headline figures of the range.
import { formatMoney } from '../../lib/format';
import { percent } from './chartFormat';
import type { OverviewSummary } from './summarize';

export function Headline({
  summary,
  total,
  currencies,
}: {
  summary: OverviewSummary;
  total: number | null;
  currencies: string[];
}): React.JSX.Element {
  return (
    <dl className="headline" aria-label="Headline figures">
      <div className="headline-item">
        <dt>Total authorizations</dt>
        <dd data-testid="headline-total">{(total ?? summary.count).toLocaleString('en')}</dd>
      </div>
      <div className="headline-item">
        <dt>Approval rate</dt>
        <dd data-testid="headline-approval-rate">{percent(summary.approvalRate)}</dd>
        <dd className="headline-sub">
          {summary.approved.toLocaleString('en')} of {summary.count.toLocaleString('en')} approved
        </dd>
      </div>
      {currencies.map((c) => (
        <div className="headline-item" key={c}>
          <dt>Approved amount ({c})</dt>
          <dd data-testid={`headline-amount-${c}`}>{formatMoney(summary.approvedAmount[c] ?? 0, c)}</dd>
        </div>
      ))}
    </dl>
  );
}
