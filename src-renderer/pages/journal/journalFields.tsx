// How a journal entry reads: its outcome as a badge, its request in one line, its columns.
import type { JOURNAL_OUTCOMES, JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { IdWithCopy } from '../../components/CopyButton';
import type { Column } from '../../components/DataTable';
import { formatDateTime, shortId } from '../../lib/format';

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

export const OPERATION_LABEL: Record<JournalEntry['operation'], string> = {
  'cards.create': 'Issue card',
  'accounts.create': 'Open account',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** `Verve virtual card, NGN, replacing …1234 (lost)` / `Wallet, USD, Savings`, with the customer. */
export function requestSummary(e: JournalEntry): string {
  const r = e.request;
  const customer = str(r.customerId) ? ` for customer ${shortId(str(r.customerId))}` : '';
  if (e.operation === 'accounts.create') {
    const what = r.type === 'wallet' ? 'Wallet' : 'Settlement account';
    return `${what}, ${str(r.currency) ?? '?'}, ${str(r.accountType) ?? '?'}${customer}`;
  }
  let how = '';
  if (str(r.replacementFor)) how = `, replacing ${shortId(str(r.replacementFor))} (${str(r.reason) ?? '?'})`;
  else if (str(r.fundingSourceId)) how = `, on funding source ${shortId(str(r.fundingSourceId))}`;
  else if (str(r.accountNumber)) how = `, on bank account ${str(r.bankCode) ?? '?'}/${str(r.accountNumber)}`;
  return `${str(r.brand) ?? '?'} ${str(r.type) ?? ''} card, ${str(r.currency) ?? '?'}${how}${customer}`;
}

export function journalColumns(environmentName: (id: string) => string): Column<JournalEntry>[] {
  return [
    { id: 'at', header: 'When', accessorFn: (e) => formatDateTime(e.at), width: 160 },
    {
      id: 'environment',
      header: 'Environment',
      accessorFn: (e) => environmentName(e.environmentId),
      width: 130,
      priority: 4,
    },
    { id: 'operation', header: 'Operation', accessorFn: (e) => OPERATION_LABEL[e.operation], width: 125, priority: 3 },
    { id: 'request', header: 'Request', accessorFn: (e) => requestSummary(e), minWidth: 200 },
    {
      id: 'result',
      header: 'Result',
      cell: ({ row }) =>
        row.original.resultId ? (
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
