// An Overview range without a single authorization: say so plainly (no empty charts) and offer the 30
// days up to the newest authorization the service has, when it has any.
import { parseISO } from 'date-fns';
import { lastDays } from '../../components/fields/DateRangeFields';
import { EmptyState } from '../../components/states/States';
import { useEnvironmentKey } from '../../components/environment/useEnvironmentKey';
import { bridge } from '../../lib/bridge';
import { formatDate } from '../../lib/format';
import { useBridgeQuery } from '../../lib/useBridgeQuery';

export function EmptyRange({
  fromDate,
  toDate,
  onRange,
}: {
  fromDate: string;
  toDate: string;
  onRange: (range: { fromDate: string; toDate: string }) => void;
}): React.JSX.Element {
  const env = useEnvironmentKey();
  const input = { page: 0, limit: 1 };
  const newest = useBridgeQuery(['authorizations', env, 'newest'], (o) => bridge().authorizations.list(input, o), {
    enabled: env !== null,
  });
  const latest = newest.data?.data[0]?.createdAt;
  const offer = latest ? lastDays(30, parseISO(latest)) : null;
  const sameRange = offer !== null && offer.fromDate === fromDate && offer.toDate === toDate;
  return (
    <EmptyState>
      <p data-testid="overview-empty">
        No authorizations between {formatDate(fromDate)} and {formatDate(toDate)}, so there is nothing to chart.
      </p>
      {newest.isPending ? (
        <p className="muted">Looking for the latest authorization…</p>
      ) : offer && !sameRange ? (
        <p>
          The latest authorization is from {formatDate(latest)}.{' '}
          <button type="button" className="primary" onClick={() => onRange(offer)}>
            Show {formatDate(offer.fromDate)} to {formatDate(offer.toDate)}
          </button>
        </p>
      ) : !newest.error ? (
        <p className="muted">This environment has no authorizations yet.</p>
      ) : null}
    </EmptyState>
  );
}
