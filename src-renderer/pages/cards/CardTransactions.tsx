// One card's transactions over a date range, paged or continuous, with a detail drawer and CSV export.
// The range and paging live in the route (`#/cards/<id>?fromDate=...&page=1`).
import { useCallback, useState } from 'react';
import type { Transaction } from '../../../src-shared/api/records';
import type { Route } from '../../app/routes';
import { DateRangeFields, dateRangeProblem } from '../../components/DateRangeFields';
import { ExportButton } from '../../components/ExportButton';
import { ListBody } from '../../components/ListBody';
import { ContinuousToggle, ListFooter } from '../../components/ListFooter';
import { PAGING_DEFAULTS, cleanPaging, pagingOf } from '../../components/paging';
import { useEnvironmentKey } from '../../components/useEnvironmentKey';
import { useListData } from '../../components/useListData';
import { useRouteQuery } from '../../components/useRouteQuery';
import { bridge } from '../../lib/bridge';
import { listHeight } from './KnownCardsList';
import { transactionColumns } from './transactionColumns';
import { TransactionDrawer } from './TransactionDrawer';

const DEFAULTS = { ...PAGING_DEFAULTS, fromDate: '', toDate: '' };
type Values = typeof DEFAULTS;
const clean = (raw: Values): Values => cleanPaging(raw);

export function CardTransactions({ cardId, route }: { cardId: string; route: Route }): React.JSX.Element {
  const [values, set] = useRouteQuery(route, DEFAULTS, clean);
  const { page, limit, continuous } = pagingOf(values);
  const range = { fromDate: values.fromDate, toDate: values.toDate };
  const rangeOk = dateRangeProblem(range) === null;
  const dates = { ...(range.fromDate ? { fromDate: range.fromDate } : {}), ...(range.toDate ? { toDate: range.toDate } : {}) };
  const env = useEnvironmentKey();
  const list = useListData<Transaction>({
    key: ['cards', 'transactions', env, cardId, dates],
    fetchPage: (p, l, opts) => bridge().cards.transactions({ cardId, ...dates, page: p, limit: l }, opts),
    page,
    limit,
    continuous,
    enabled: env !== null && rangeOk,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId ? list.rows.find((t) => t._id === selectedId) : undefined;
  const close = useCallback(() => setSelectedId(null), []);

  return (
    <section aria-labelledby="transactions-title" className="card-transactions">
      <h2 id="transactions-title">Transactions</h2>
      <div className="toolbar">
        <DateRangeFields value={range} onChange={(next) => set({ fromDate: next.fromDate, toDate: next.toDate, page: '0' })} />
        {range.fromDate || range.toDate ? (
          <button type="button" onClick={() => set({ fromDate: '', toDate: '', page: '0' })}>
            Clear dates
          </button>
        ) : null}
        <ContinuousToggle checked={continuous} onChange={(on) => set({ scroll: on ? 'all' : '', page: '0' })} />
        <span className="spacer" />
        {rangeOk ? <ExportButton source="cardTransactions" query={{ cardId, ...dates }} /> : null}
      </div>
      {rangeOk ? (
        <>
          <ListBody
            label="Card transactions"
            list={list}
            columns={transactionColumns}
            rowKey={(t) => t._id}
            onOpen={(t) => setSelectedId(t._id)}
            selectedKey={selectedId}
            empty={dates.fromDate || dates.toDate ? 'No transactions of this card in this date range.' : 'This card has no transactions.'}
            height={listHeight(list.rows.length)}
          />
          <ListFooter
            list={list}
            continuous={continuous}
            page={page}
            limit={limit}
            onPage={(p) => set({ page: String(p) })}
            onLimit={(l) => set({ limit: String(l), page: '0' })}
          />
        </>
      ) : null}
      {selected ? <TransactionDrawer tx={selected} onClose={close} /> : null}
    </section>
  );
}
