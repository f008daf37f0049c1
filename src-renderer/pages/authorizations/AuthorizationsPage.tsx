// Authorizations: every card's authorization requests in a date range, newest first.
import { useCallback, useMemo, useState } from 'react';
import type { Authorization } from '../../../src-shared/api/records';
import type { Route } from '../../lib/routes';
import { DateRangeFields, dateRangeProblem, lastDays, type DateRange } from '../../components/fields/DateRangeFields';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/lists/ListFooter';
import { ListBody } from '../../components/lists/ListBody';
import { NamesProvider, useResolvedNames } from '../../components/values/names';
import { ErrorState } from '../../components/states/States';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/lists/paging';
import { useListData } from '../../components/lists/useListData';
import { useListQuery } from '../../components/lists/useListQuery';
import { oneOf } from '../../components/lists/useRouteQuery';
import { useRowSelection } from '../../components/lists/useRowSelection';
import { filteredList, useWholeRange, type WholeRange } from '../../components/lists/useWholeRange';
import { bridge } from '../../lib/bridge';
import { authorizationColumns } from './authorizationColumns';
import { AuthorizationFilters, FILTER_DEFAULTS, cleanFilters, filterOf } from './AuthorizationFilters';
import { authorizationMatches, hasAuthorizationFilter } from '../../../src-shared/api/authorization-filter';
import { AuthorizationDetail } from './AuthorizationDetail';

const APPROVED_FILTERS = ['all', 'yes', 'no'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The query values of this page; the date range defaults to the last 30 days. */
function authorizationDefaults(today = new Date()) {
  return { ...PAGING_DEFAULTS, ...lastDays(30, today), approved: 'all', ...FILTER_DEFAULTS };
}
type Values = ReturnType<typeof authorizationDefaults>;

/** The range query for the API: empty dates are left out (open-ended). */
function rangeQuery(range: DateRange): { fromDate?: string; toDate?: string } {
  return { ...(range.fromDate ? { fromDate: range.fromDate } : {}), ...(range.toDate ? { toDate: range.toDate } : {}) };
}

const approvedWord = (approved: string) => (approved === 'yes' ? 'approved' : 'unapproved');

/** How many match in the whole range, and while the range loads, how far it has got. */
function RangeCount({
  whole,
  matching,
  word,
}: {
  whole: WholeRange<Authorization>;
  matching: number;
  /** `approved`, `unapproved` or `matching`. */
  word: string;
}): React.JSX.Element {
  const n = (v: number) => v.toLocaleString('en');
  let text: string;
  if (whole.error) text = `${n(matching)} ${word} among the ${n(whole.rows.length)} loaded before the failure`;
  else if (whole.loading)
    text =
      `Loading the whole range to filter it: ${n(whole.rows.length)}` +
      (whole.total !== null ? ` of ${n(whole.total)}` : '') +
      ` authorizations, ${n(matching)} ${word} so far` +
      (whole.waitingForLimit !== null ? ` — waiting ${whole.waitingForLimit} s for the request limit to reset` : '') +
      '…';
  else text = `${n(matching)} ${word} of ${n(whole.rows.length)} in range`;
  return (
    <p className="list-status" role="status" aria-live="polite" data-testid="range-count">
      {whole.loading && whole.totalPages ? (
        <progress className="progress" aria-label="Range loading" max={whole.totalPages} value={whole.pagesLoaded} />
      ) : null}
      {text}
    </p>
  );
}

export function AuthorizationsPage({ route }: { route: Route }): React.JSX.Element {
  const [defaults] = useState(authorizationDefaults);
  const clean = useCallback(
    (raw: Values): Values => ({
      ...cleanPaging(raw),
      fromDate: raw.fromDate === '' || DATE.test(raw.fromDate) ? raw.fromDate : defaults.fromDate,
      toDate: raw.toDate === '' || DATE.test(raw.toDate) ? raw.toDate : defaults.toDate,
      approved: oneOf(raw.approved, APPROVED_FILTERS, 'all'),
      ...cleanFilters(raw),
    }),
    [defaults],
  );
  const { values, set, paging, setContinuous } = useListQuery(route, defaults, clean);
  const { continuous } = paging;
  const range = { fromDate: values.fromDate, toDate: values.toDate };
  const problem = dateRangeProblem(range);
  const query = rangeQuery(range);
  const filter = filterOf(values);
  const filtered = hasAuthorizationFilter(filter);
  // Only "Approved" set: the counts say approved/unapproved; with other filters, "matching".
  const word = Object.keys(filter).length === 1 && filter.approved ? approvedWord(values.approved) : 'matching';
  const fetchPage = (page: number, limit: number, opts: { requestId: string }) =>
    bridge().authorizations.list({ ...query, page, limit }, opts);
  const served = useListData<Authorization>({
    key: ['authorizations', query],
    fetchPage,
    paging,
    enabled: problem === null && !filtered,
  });
  // A filter the service cannot apply is applied to every authorization of the range, fetched page by page.
  const whole = useWholeRange<Authorization>({
    key: ['authorizations', query],
    fetchPage,
    enabled: problem === null && filtered,
  });
  const filterKey = JSON.stringify(filter);
  const matching = useMemo(
    () => (filtered ? whole.rows.filter((a) => authorizationMatches(a, JSON.parse(filterKey) as typeof filter)) : []),
    [whole.rows, filterKey, filtered],
  );
  const list = filtered ? filteredList(whole, matching, paging) : served;
  const detail = useRowSelection(list.rows, (a) => a._id);
  const names = useResolvedNames({
    customerIds: list.rows.map((a) => (typeof a.customer === 'string' ? a.customer : undefined)),
    cardIds: list.rows.map((a) => (typeof a.card === 'string' ? a.card : undefined)),
  });

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Authorizations</h1>
      </header>
      <p className="page-subtitle">Authorization requests on every card in the date range, newest first.</p>
      <div className="toolbar">
        <DateRangeFields value={range} onChange={(next) => set({ ...next, page: '0' })} />
        <label>
          Approved
          <select value={values.approved} onChange={(e) => set({ approved: e.target.value })}>
            <option value="all">All</option>
            <option value="yes">Approved</option>
            <option value="no">Not approved</option>
          </select>
        </label>
        <ContinuousToggle checked={continuous} onChange={setContinuous} />
        <span className="spacer" />
        <ExportButton
          source="authorizations"
          query={{ ...query, ...filter }}
          label={exportLabel(list.pagination?.total, 'authorization', 'authorizations', true)}
          disabled={list.pagination?.total === 0}
        />
      </div>
      <AuthorizationFilters values={values} onChange={set} />
      {problem ? (
        <ErrorState error={`Choose a valid date range: ${problem}.`} />
      ) : (
        <>
          {filtered ? <RangeCount whole={whole} matching={matching.length} word={word} /> : null}
          <NamesProvider names={names}>
            <ListBody
              label="Authorizations"
              list={list}
              columns={authorizationColumns}
              rowHeight={48}
              {...detail.tableProps}
              empty={
                filtered && whole.loading
                  ? `No ${word} authorizations yet; still loading the range.`
                  : filtered && whole.rows.length > 0
                    ? `No ${word} authorizations in this date range.`
                    : 'No authorizations in this date range.'
              }
            />
          </NamesProvider>
          <ListFooter list={list} paging={paging} />
        </>
      )}
      {detail.selected ? <AuthorizationDetail authorization={detail.selected} onClose={detail.close} /> : null}
    </section>
  );
}
