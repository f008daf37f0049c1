// One card's transactions over a date range, paged, with a detail drawer and CSV export.
import { useState } from 'react';
import type { Transaction } from '../../../src-shared/api/records';
import { cardTransactionsQuerySchema } from '../../../src-shared/api/requests';
import { IdWithCopy } from '../../components/CopyButton';
import { DataTable, type Column } from '../../components/DataTable';
import { Details, Drawer } from '../../components/Drawer';
import { ExportButton } from '../../components/ExportButton';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { bridge } from '../../lib/bridge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useAppStore } from '../../stores/appStore';

const columns: Column<Transaction>[] = [
  { id: 'date', header: 'Date', accessorFn: (t) => formatDateTime(t.createdAt), width: 170 },
  { id: 'type', header: 'Type', accessorFn: (t) => t.type ?? '—', width: 90 },
  { id: 'merchant', header: 'Merchant', accessorFn: (t) => t.merchant?.name ?? '—' },
  { id: 'channel', header: 'Channel', accessorFn: (t) => t.transactionMetadata?.channel ?? '—', width: 100 },
  { id: 'amount', header: 'Amount', accessorFn: (t) => formatMoney(t.amount, t.currency), width: 140 },
  { id: 'fee', header: 'Fee', accessorFn: (t) => formatMoney(t.fee, t.currency), width: 110 },
  { id: 'reference', header: 'Reference', accessorFn: (t) => t.transactionMetadata?.reference ?? '—', width: 170 },
];

interface Range {
  fromDate: string;
  toDate: string;
}

function rangeProblems(cardId: string, range: Range): Partial<Record<keyof Range, string>> {
  const parsed = cardTransactionsQuerySchema.safeParse({
    cardId,
    ...(range.fromDate ? { fromDate: range.fromDate } : {}),
    ...(range.toDate ? { toDate: range.toDate } : {}),
  });
  if (parsed.success) return {};
  const out: Partial<Record<keyof Range, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'fromDate' || field === 'toDate') && !out[field]) out[field] = issue.message;
  }
  return out;
}

export function CardTransactions({ cardId }: { cardId: string }): React.JSX.Element {
  const environmentId = useAppStore((s) => s.status?.environment.id ?? null);
  const [range, setRange] = useState<Range>({ fromDate: '', toDate: '' });
  const [applied, setApplied] = useState<Range>({ fromDate: '', toDate: '' });
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const [open, setOpen] = useState<Transaction | null>(null);
  const problems = rangeProblems(cardId, range);

  const change = (field: keyof Range, value: string) => {
    const next = { ...range, [field]: value };
    setRange(next);
    // A valid range applies at once and starts again at the first page.
    if (Object.keys(rangeProblems(cardId, next)).length === 0) {
      setApplied(next);
      setPage(0);
    }
  };

  const dates = { ...(applied.fromDate ? { fromDate: applied.fromDate } : {}), ...(applied.toDate ? { toDate: applied.toDate } : {}) };
  const input = { cardId, ...dates, page, limit };
  const txs = useBridgeQuery(['cards', 'transactions', environmentId, input], (opts) => bridge().cards.transactions(input, opts), { keepPrevious: true });

  let body: React.JSX.Element;
  if (txs.error) body = <ErrorState error={txs.error.appError} onRetry={() => void txs.refetch()} />;
  else if (!txs.data) body = <LoadingRows label="Loading transactions" />;
  else if (txs.data.data.length === 0) body = <EmptyState>No transactions for this card{dates.fromDate || dates.toDate ? ' in this date range' : ''}.</EmptyState>;
  else {
    const rows = txs.data.data;
    body = (
      <DataTable
        label="Card transactions"
        columns={columns}
        rows={rows}
        rowKey={(t) => t._id}
        onOpen={setOpen}
        selectedKey={open?._id ?? null}
        height={Math.min(520, 36 * rows.length + 4)}
      />
    );
  }

  return (
    <section aria-labelledby="transactions-title" className="card-transactions">
      <h2 id="transactions-title">Transactions</h2>
      <div className="toolbar">
        <DateField label="From date" value={range.fromDate} problem={problems.fromDate} onChange={(v) => change('fromDate', v)} />
        <DateField label="To date" value={range.toDate} problem={problems.toDate} onChange={(v) => change('toDate', v)} />
        {range.fromDate || range.toDate ? (
          <button
            type="button"
            onClick={() => {
              setRange({ fromDate: '', toDate: '' });
              setApplied({ fromDate: '', toDate: '' });
              setPage(0);
            }}
          >
            Clear dates
          </button>
        ) : null}
        <ExportButton source="cardTransactions" query={{ cardId, ...dates }} />
      </div>
      {body}
      <Pager
        pagination={txs.data?.pagination}
        page={page}
        limit={limit}
        onPage={setPage}
        onLimit={(n) => {
          setLimit(n);
          setPage(0);
        }}
        busy={txs.isFetching}
      />
      {open ? <TransactionDrawer tx={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function DateField({ label, value, problem, onChange }: { label: string; value: string; problem: string | undefined; onChange: (v: string) => void }): React.JSX.Element {
  const errorId = `${label.replace(/\s+/g, '-').toLowerCase()}-error`;
  return (
    <label>
      {label}
      <input
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      {problem ? (
        <span id={errorId} className="field-error">
          {problem}
        </span>
      ) : null}
    </label>
  );
}

function TransactionDrawer({ tx, onClose }: { tx: Transaction; onClose: () => void }): React.JSX.Element {
  const m = tx.merchant;
  return (
    <Drawer title="Transaction" onClose={onClose}>
      <Details
        items={[
          ['Transaction id', <IdWithCopy id={tx._id} label="transaction id" />],
          ['Date', formatDateTime(tx.createdAt)],
          ['Type', tx.type ?? '—'],
          ['Amount', formatMoney(tx.amount, tx.currency)],
          ['Fee', formatMoney(tx.fee, tx.currency)],
          ['VAT', formatMoney(tx.vat, tx.currency)],
          ['Merchant amount', formatMoney(tx.merchantAmount, tx.merchantCurrency)],
          ['Merchant', m?.name ?? '—'],
          ['Merchant category', m?.category ?? '—'],
          ['Merchant location', [m?.city, m?.state, m?.country].filter(Boolean).join(', ') || '—'],
          ['Channel', tx.transactionMetadata?.channel ?? '—'],
          ['Purpose', tx.transactionMetadata?.type ?? '—'],
          ['Reference', tx.transactionMetadata?.reference ?? '—'],
          ['Terminal', tx.terminal?.terminalId ?? '—'],
          ['RRN', tx.terminal?.rrn ?? '—'],
        ]}
      />
    </Drawer>
  );
}
