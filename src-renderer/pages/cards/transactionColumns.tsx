import type { Transaction } from '../../../src-shared/api/records';
import { merchantCategoryLabel } from '../../../src-shared/api/merchant-categories';
import { StatusBadge } from '../../components/values/Badge';
import type { Column } from '../../components/lists/DataTable';
import { DATE_TIME_WIDTH } from '../../components/lists/columnFit';
import { formatDateTime, formatMoney } from '../../lib/format';

export const transactionColumns: Column<Transaction>[] = [
  { id: 'date', header: 'Date', accessorFn: (t) => formatDateTime(t.createdAt), width: DATE_TIME_WIDTH },
  { id: 'type', header: 'Type', cell: ({ row }) => <StatusBadge status={row.original.type} />, width: 100 },
  {
    id: 'merchant',
    header: 'Merchant',
    accessorFn: (t) =>
      t.merchant?.name
        ? `${t.merchant.name}${t.merchant.category ? ` · ${merchantCategoryLabel(t.merchant.category)}` : ''}`
        : '—',
    minWidth: 140,
  },
  {
    id: 'channel',
    header: 'Channel',
    accessorFn: (t) => t.transactionMetadata?.channel ?? '—',
    width: 100,
    priority: 3,
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => <span className="cell-num">{formatMoney(row.original.amount, row.original.currency)}</span>,
    width: 140,
  },
  {
    id: 'fee',
    header: 'Fee',
    cell: ({ row }) => <span className="cell-num">{formatMoney(row.original.fee, row.original.currency)}</span>,
    width: 110,
    priority: 2,
  },
  {
    id: 'reference',
    header: 'Reference',
    accessorFn: (t) => t.transactionMetadata?.reference ?? '—',
    width: 180,
    priority: 3,
  },
];
