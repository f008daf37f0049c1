// One card's transactions over a date range, paged or continuous, with a detail drawer and CSV export.
// The range and paging live in the route (`#/cards/<id>?fromDate=...&page=1`).
import type { Transaction } from '../../../src-shared/api/records';
import type { Route } from '../../lib/routes';
import { DateRangeFields, dateRangeProblem } from '../../components/fields/DateRangeFields';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ListBody } from '../../components/lists/ListBody';
import { ContinuousToggle, ListFooter } from '../../components/lists/ListFooter';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/lists/paging';
import { useListData } from '../../components/lists/useListData';
import { useListQuery } from '../../components/lists/useListQuery';
import { useRowSelection } from '../../components/lists/useRowSelection';
import { bridge } from '../../lib/bridge';
import { listHeight } from '../../components/cards/KnownCardsList';
import { transactionColumns } from './transactionColumns';
import { TransactionDrawer } from './TransactionDrawer';

const DEFAULTS = { ...PAGING_DEFAULTS, fromDate: '', toDate: '' };
type Values = typeof DEFAULTS;
const clean = (raw: Values): Values => cleanPaging(raw);

export function CardTransactions({ cardId, route }: { cardId: string; route: Route }): React.JSX.Element {
  const { values, set, paging, setContinuous } = useListQuery(route, DEFAULTS, clean);
  const range = { fromDate: values.fromDate, toDate: values.toDate };
  const rangeOk = dateRangeProblem(range) === null;
  const dates = {
    ...(range.fromDate ? { fromDate: range.fromDate } : {}),
    ...(range.toDate ? { toDate: range.toDate } : {}),
  };
  const list = useListData<Transaction>({
    key: ['cards', 'transactions', cardId, dates],
    fetchPage: (page, limit, opts) => bridge().cards.transactions({ cardId, ...dates, page, limit }, opts),
    paging,
    enabled: rangeOk,
  });
  const detail = useRowSelection(list.rows, (t) => t._id);

  return (
    <section aria-labelledby="transactions-title" className="card-transactions">
      <h2 id="transactions-title">Transactions</h2>
      <div className="toolbar">
        <DateRangeFields
          value={range}
          onChange={(next) => set({ fromDate: next.fromDate, toDate: next.toDate, page: '0' })}
        />
        {range.fromDate || range.toDate ? (
          <button type="button" onClick={() => set({ fromDate: '', toDate: '', page: '0' })}>
            Clear dates
          </button>
        ) : null}
        <ContinuousToggle checked={paging.continuous} onChange={setContinuous} />
        <span className="spacer" />
        {rangeOk ? (
          <ExportButton
            source="cardTransactions"
            query={{ cardId, ...dates }}
            label={exportLabel(list.pagination?.total, 'transaction', 'transactions', true)}
            disabled={list.pagination?.total === 0}
          />
        ) : null}
      </div>
      {rangeOk ? (
        <>
          <ListBody
            label="Card transactions"
            list={list}
            columns={transactionColumns}
            {...detail.tableProps}
            empty={
              dates.fromDate || dates.toDate
                ? 'No transactions of this card in this date range.'
                : 'This card has no transactions.'
            }
            height={listHeight(list.rows.length)}
          />
          <ListFooter list={list} paging={paging} />
        </>
      ) : null}
      {detail.selected ? <TransactionDrawer tx={detail.selected} onClose={detail.close} /> : null}
    </section>
  );
}
