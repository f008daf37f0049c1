import type { Account } from '../../../src-shared/api/records';
import { StatusBadge } from '../../components/values/Badge';
import type { Column } from '../../components/lists/DataTable';
import { TwoLineCell, numericHeader } from '../../components/lists/cells';
import { formatDate, formatMoney } from '../../lib/format';

export const ACCOUNT_TYPE_LABELS: Record<string, string> = { account: 'Settlement account', wallet: 'Wallet' };
const SHORT_TYPE_LABELS: Record<string, string> = { account: 'Settlement', wallet: 'Wallet' };

export const accountColumns: Column<Account>[] = [
  {
    id: 'name',
    header: 'Account name',
    minWidth: 150,
    cell: ({ row }) => (
      <TwoLineCell
        main={row.original.accountName ?? '—'}
        title={row.original.accountName}
        sub={row.original.accountType ?? ''}
      />
    ),
  },
  {
    id: 'number',
    header: 'Account number',
    width: 140,
    cell: ({ row }) => <span className="mono">{row.original.accountNumber ?? '—'}</span>,
  },
  {
    id: 'bank',
    header: 'Bank code',
    width: 100,
    priority: 3,
    cell: ({ row }) => <span className="mono">{row.original.bankCode ?? '—'}</span>,
  },
  {
    id: 'type',
    header: 'Type',
    width: 118,
    priority: 2,
    cell: ({ row }) => {
      const type = row.original.type;
      return type ? <StatusBadge status={type} label={SHORT_TYPE_LABELS[type] ?? type} /> : '—';
    },
  },
  { id: 'currency', header: 'Currency', width: 88, priority: 3, cell: ({ row }) => row.original.currency ?? '—' },
  {
    id: 'current',
    header: numericHeader('Current balance'),
    width: 150,
    priority: 2,
    cell: ({ row }) => (
      <span className="cell-num">{formatMoney(row.original.currentBalance, row.original.currency)}</span>
    ),
  },
  {
    id: 'available',
    header: numericHeader('Available balance'),
    width: 154,
    cell: ({ row }) => (
      <span className="cell-num">{formatMoney(row.original.availableBalance, row.original.currency)}</span>
    ),
  },
  {
    id: 'default',
    header: 'Default',
    width: 84,
    priority: 3,
    cell: ({ row }) => (row.original.isDefault ? <StatusBadge status="active" label="Default" /> : null),
  },
  { id: 'created', header: 'Created', width: 108, priority: 3, cell: ({ row }) => formatDate(row.original.createdAt) },
];
