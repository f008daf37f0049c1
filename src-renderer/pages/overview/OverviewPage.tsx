// Overview: the card program at a glance over a date range, from the range's authorizations.
import './overview.css';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { hrefOf, type Route } from '../../lib/routes';
import { DateRangeFields, dateRangeProblem, lastDays } from '../../components/fields/DateRangeFields';
import { ErrorState, LoadingRows } from '../../components/states/States';
import { useEnvironmentKey } from '../../components/environment/useEnvironmentKey';
import { useRouteQuery } from '../../components/lists/useRouteQuery';
import { EmptyRange } from './EmptyRange';
import { Headline } from './Headline';
import { SandboxHint } from './SandboxHint';
import { OVERVIEW_RECORD_CAP, useRangeAuthorizations } from './useRangeAuthorizations';
import { summarize } from './summarize';
import { formatDate } from '../../lib/format';

const OverviewCharts = lazy(() => import('./OverviewCharts'));
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KNOWN_CURRENCIES = ['NGN', 'USD'];

export function OverviewPage({ route }: { route: Route }): React.JSX.Element {
  const [defaults] = useState(() => ({ ...lastDays(30), currency: '' }));
  const clean = useCallback(
    (raw: typeof defaults) => ({
      fromDate: DATE.test(raw.fromDate) ? raw.fromDate : defaults.fromDate,
      toDate: DATE.test(raw.toDate) ? raw.toDate : defaults.toDate,
      currency: raw.currency,
    }),
    [defaults],
  );
  const [values, set] = useRouteQuery(route, defaults, clean);
  const range = useMemo(() => ({ fromDate: values.fromDate, toDate: values.toDate }), [values.fromDate, values.toDate]);
  const problem = dateRangeProblem(range);
  const env = useEnvironmentKey();
  const loaded = useRangeAuthorizations(range, env, problem === null);
  const summary = useMemo(() => summarize(loaded.authorizations, range), [loaded.authorizations, range]);
  const currencies = [...new Set([...KNOWN_CURRENCIES, ...summary.currencies])];
  const currency = currencies.includes(values.currency) ? values.currency : (summary.currencies[0] ?? 'NGN');
  const oldest = loaded.authorizations.at(-1)?.createdAt;

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Overview</h1>
        <a href={`${hrefOf('authorizations')}?fromDate=${range.fromDate}&toDate=${range.toDate}`}>
          Open these authorizations
        </a>
      </header>
      <p className="page-subtitle">Authorization volume, approvals and spend over the chosen days.</p>
      <SandboxHint />
      <div className="toolbar">
        <DateRangeFields
          value={range}
          onChange={(next) =>
            set({ fromDate: next.fromDate || defaults.fromDate, toDate: next.toDate || defaults.toDate })
          }
        />
        <span className="spacer" />
        <fieldset className="currency-switch">
          <legend>Amounts in</legend>
          {currencies.map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="overview-currency"
                value={c}
                checked={c === currency}
                onChange={() => set({ currency: c })}
              />
              {c}
            </label>
          ))}
        </fieldset>
      </div>
      {problem ? (
        <ErrorState error={`Choose a valid date range: ${problem}.`} />
      ) : loaded.error && loaded.authorizations.length === 0 ? (
        <ErrorState
          title="Could not load the overview"
          error={loaded.error.appError}
          onRetry={loaded.retry}
          retrying={loaded.loading}
        />
      ) : loaded.pagesLoaded === 0 ? (
        <LoadingRows rows={6} label="Loading the overview" />
      ) : !loaded.loading && !loaded.error && loaded.authorizations.length === 0 ? (
        <EmptyRange fromDate={range.fromDate} toDate={range.toDate} onRange={(next) => set(next)} />
      ) : (
        <>
          <div className="overview-status" role="status" aria-live="polite">
            {loaded.loading ? (
              <>
                <progress
                  aria-label="Authorizations loaded"
                  max={Math.min(loaded.total ?? OVERVIEW_RECORD_CAP, OVERVIEW_RECORD_CAP)}
                  value={loaded.authorizations.length}
                />
                <span>
                  Loading authorizations: {loaded.authorizations.length.toLocaleString('en')} of{' '}
                  {Math.min(loaded.total ?? OVERVIEW_RECORD_CAP, OVERVIEW_RECORD_CAP).toLocaleString('en')}
                </span>
              </>
            ) : loaded.capped ? (
              <span className="cap-note" data-testid="overview-capped">
                Figures below cover the latest {loaded.authorizations.length.toLocaleString('en')} of{' '}
                {(loaded.total ?? 0).toLocaleString('en')} authorizations in the range (back to {formatDate(oldest)});
                the total counts them all.
              </span>
            ) : (
              <span>Based on all {loaded.authorizations.length.toLocaleString('en')} authorizations in the range.</span>
            )}
          </div>
          {loaded.error ? (
            <ErrorState
              title="Could not load every authorization of the range"
              error={loaded.error.appError}
              onRetry={loaded.retry}
              retrying={loaded.loading}
            />
          ) : null}
          <Headline summary={summary} total={loaded.total} currencies={currencies} />
          <Suspense fallback={<LoadingRows rows={6} label="Loading charts" />}>
            <OverviewCharts summary={summary} currency={currency} />
          </Suspense>
        </>
      )}
    </section>
  );
}
