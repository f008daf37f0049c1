// Authorizations: every card's authorization requests in a date range, newest first.
import { useCallback, useMemo, useState } from 'react';
import type { Authorization } from '../../../src-shared/api/records';
import type { Route } from '../../lib/routes';
import { DateRangeFields, dateRangeProblem, lastDays, type DateRange } from '../../components/DateRangeFields';
import { ExportButton } from '../../components/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/ListFooter';
import { ListBody } from '../../components/ListBody';
import { ErrorState } from '../../components/States';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/paging';
import { useListData } from '../../components/useListData';
import { useListQuery } from '../../components/useListQuery';
import { oneOf } from '../../components/useRouteQuery';
import { useRowSelection } from '../../components/useRowSelection';
import { bridge } from '../../lib/bridge';
import { authorizationColumns } from './authorizationColumns';
import { AuthorizationDetail } from './AuthorizationDetail';

const APPROVED_FILTERS = ['all', 'yes', 'no'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The query values of this page; the date range defaults to the last 30 days. */
function authorizationDefaults(today = new Date()) {
  return { ...PAGING_DEFAULTS, ...lastDays(30, today), approved: 'all' };
}
type Values = ReturnType<typeof authorizationDefaults>;

/** The range query for the API: empty dates are left out (open-ended). */
function rangeQuery(range: DateRange): { fromDate?: string; toDate?: string } {
  return { ...(range.fromDate ? { fromDate: range.fromDate } : {}), ...(range.toDate ? { toDate: range.toDate } : {}) };
}

export function AuthorizationsPage({ route }: { route: Route }): React.JSX.Element {
  const [defaults] = useState(authorizationDefaults);
  const clean = useCallback(
    (raw: Values): Values => ({
      ...cleanPaging(raw),
      fromDate: raw.fromDate === '' || DATE.test(raw.fromDate) ? raw.fromDate : defaults.fromDate,
      toDate: raw.toDate === '' || DATE.test(raw.toDate) ? raw.toDate : defaults.toDate,
      approved: oneOf(raw.approved, APPROVED_FILTERS, 'all'),
    }),
    [defaults],
  );
  const { values, set, paging, setContinuous } = useListQuery(route, defaults, clean);
  const { continuous } = paging;
  const range = { fromDate: values.fromDate, toDate: values.toDate };
  const problem = dateRangeProblem(range);
  const query = rangeQuery(range);
  const list = useListData<Authorization>({
    key: ['authorizations', query],
    fetchPage: (page, limit, opts) => bridge().authorizations.list({ ...query, page, limit }, opts),
    paging,
    enabled: problem === null,
  });
  const shown = useMemo(
    () =>
      values.approved === 'all'
        ? list.rows
        : list.rows.filter((a) => (values.approved === 'yes' ? a.approved === true : a.approved !== true)),
    [list.rows, values.approved],
  );
  const detail = useRowSelection(list.rows, (a) => a._id);
  const filtered = values.approved !== 'all';

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
        <ExportButton source="authorizations" query={query} />
      </div>
      {problem ? (
        <ErrorState error={`Choose a valid date range: ${problem}.`} />
      ) : (
        <>
          <ListBody
            label="Authorizations"
            list={list}
            rows={shown}
            columns={authorizationColumns}
            rowHeight={48}
            {...detail.tableProps}
            empty={
              filtered && list.rows.length > 0
                ? `No ${values.approved === 'yes' ? 'approved' : 'unapproved'} authorizations ${continuous ? 'among those loaded' : 'on this page'}.`
                : 'No authorizations in this date range.'
            }
          />
          {filtered && list.rows.length > 0 ? (
            <p className="list-status">
              Showing {shown.length.toLocaleString('en')} of {list.rows.length.toLocaleString('en')}{' '}
              {continuous ? 'loaded' : 'on this page'}: the Approved filter applies to the rows fetched; the export
              includes every authorization in the range.
            </p>
          ) : null}
          <ListFooter list={list} paging={paging} />
        </>
      )}
      {detail.selected ? <AuthorizationDetail authorization={detail.selected} onClose={detail.close} /> : null}
    </section>
  );
}
