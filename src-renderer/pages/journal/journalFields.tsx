// How a journal entry reads: its outcome as a badge, its request in one line, its columns.
import { bankByCode } from '../../../src-shared/api/banks';
import type { JOURNAL_OUTCOMES, JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { OPERATION_WORDS, WRITE_KINDS } from '../../../src-shared/ipc/write-kinds';
import { IdWithCopy } from '../../components/values/CopyButton';
import { TwoLineCell } from '../../components/lists/cells';
import { CardRef, useNames } from '../../components/values/names';
import type { Column } from '../../components/lists/DataTable';
import { DATE_TIME_WIDTH } from '../../components/lists/columnFit';
import { formatDateTime, formatMoney, shortId } from '../../lib/format';

export type Outcome = (typeof JOURNAL_OUTCOMES)[number];

export const OUTCOME_LABEL: Record<Outcome, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  outcome_unknown: 'Outcome unknown',
  reconciled: 'Reconciled',
};
const OUTCOME_TONE: Record<Outcome, 'ok' | 'bad' | 'wait' | 'neutral'> = {
  pending: 'wait',
  succeeded: 'ok',
  failed: 'bad',
  outcome_unknown: 'wait',
  reconciled: 'ok',
};

export function OutcomeBadge({ outcome }: { outcome: Outcome }): React.JSX.Element {
  return <span className={`status-badge tone-${OUTCOME_TONE[outcome]}`}>{OUTCOME_LABEL[outcome]}</span>;
}

export const OPERATION_LABEL: Record<JournalEntry['operation'], string> = OPERATION_WORDS;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The customer id a journal entry's request names. */
export const journalCustomerId = (e: JournalEntry): string | undefined => str(e.request.customerId);

/**
 * `Verve virtual card, NGN, funded with ₦5,000.00, replacing …1234 (lost) for Ada Obi` / `Wallet, USD, Savings`, with the
 * customer's name when `customerName` knows it, else their short id.
 */
export function requestSummary(
  e: JournalEntry,
  customerName: (id: string) => string | undefined = () => undefined,
): string {
  const r = e.request;
  const id = str(r.customerId);
  const customer = id ? ` for ${customerName(id) ?? `customer ${shortId(id)}`}` : '';
  if (WRITE_KINDS[e.operation].result === 'account') {
    const what = r.type === 'wallet' ? 'Wallet' : 'Settlement account';
    return `${what}, ${str(r.currency) ?? '?'}, ${str(r.accountType) ?? '?'}${customer}`;
  }
  let how = '';
  if (str(r.replacementFor)) how = `, replacing ${shortId(str(r.replacementFor))} (${str(r.reason) ?? '?'})`;
  else if (str(r.fundingSourceId)) how = `, on funding source ${shortId(str(r.fundingSourceId))}`;
  else if (str(r.accountNumber)) {
    const code = str(r.bankCode);
    const bank = code ? (bankByCode(code)?.name ?? `bank ${code}`) : 'bank ?';
    how = `, on ${bank} account ${str(r.accountNumber)}`;
  }
  // A funding amount is said with its currency, as everywhere else.
  const funded = typeof r.amount === 'number' ? `, funded with ${formatMoney(r.amount, str(r.currency))}` : '';
  return `${str(r.brand) ?? '?'} ${str(r.type) ?? ''} card, ${str(r.currency) ?? '?'}${funded}${how}${customer}`;
}

/**
 * The request in two lines: its customer's name first (whole, as the caller gives it), then what was asked
 * for (which may give way in a narrow window, whole on hover). A request without a customer is one line.
 */
function RequestSummary({ entry }: { entry: JournalEntry }): React.JSX.Element {
  const names = useNames();
  const text = requestSummary(entry, (id) => names.customers[id]?.name);
  const id = journalCustomerId(entry);
  if (!id) return <span title={text}>{text}</span>;
  const what = requestSummary({ ...entry, request: { ...entry.request, customerId: undefined } });
  return <TwoLineCell main={names.customers[id]?.name ?? `Customer ${shortId(id)}`} sub={what} title={text} />;
}

export function journalColumns(environmentName: (id: string) => string): Column<JournalEntry>[] {
  return [
    { id: 'at', header: 'When', accessorFn: (e) => formatDateTime(e.at), width: DATE_TIME_WIDTH },
    {
      id: 'environment',
      header: 'Environment',
      accessorFn: (e) => environmentName(e.environmentId),
      width: 130,
      priority: 4,
    },
    { id: 'operation', header: 'Operation', accessorFn: (e) => OPERATION_LABEL[e.operation], width: 125, priority: 3 },
    { id: 'request', header: 'Request', cell: ({ row }) => <RequestSummary entry={row.original} />, minWidth: 200 },
    {
      id: 'result',
      header: 'Result',
      cell: ({ row }) =>
        row.original.resultId && WRITE_KINDS[row.original.operation].result === 'card' ? (
          <CardRef id={row.original.resultId} />
        ) : row.original.resultId ? (
          <IdWithCopy id={row.original.resultId} label="result id" />
        ) : (
          <span className="muted">{row.original.error ?? '—'}</span>
        ),
      width: 220,
      priority: 2,
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: ({ row }) => <OutcomeBadge outcome={row.original.outcome} />,
      width: 140,
    },
  ];
}
