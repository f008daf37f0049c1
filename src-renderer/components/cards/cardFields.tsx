// How a card's fields read in lists and details.
import type { Card } from '../../../src-shared/api/records';
import { refId } from '../../../src-shared/api/ref-id';
import { StatusBadge } from '../values/Badge';
import { IdWithCopy } from '../values/CopyButton';
import type { Column } from '../lists/DataTable';
import { CustomerRef } from '../values/names';
import { displayPan } from '../../lib/format';

export { refId };

export function expiryText(card: Card): string {
  if (!card.expiryMonth || !card.expiryYear) return '—';
  return `${card.expiryMonth.padStart(2, '0')}/${card.expiryYear}`;
}

/** Columns of a known-cards list; `withCustomer` adds the customer (the customer page leaves it out). */
export function cardColumns(withCustomer: boolean): Column<Card>[] {
  const cols: Column<Card>[] = [
    {
      id: 'pan',
      header: 'Card',
      accessorFn: (c) => displayPan(c.maskedPan),
      cell: ({ row }) => <span className="mono">{displayPan(row.original.maskedPan)}</span>,
      width: 200,
    },
    { id: 'brand', header: 'Brand', accessorFn: (c) => c.brand ?? '—', width: 120, priority: 3 },
    { id: 'type', header: 'Type', accessorFn: (c) => c.type ?? '—', width: 100, priority: 3 },
    { id: 'currency', header: 'Currency', accessorFn: (c) => c.currency ?? '—', width: 100, priority: 3 },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} />, width: 110 },
    { id: 'expiry', header: 'Expires', accessorFn: (c) => expiryText(c), width: 100, priority: 2 },
  ];
  if (withCustomer) {
    cols.push({
      id: 'customer',
      header: 'Customer',
      cell: ({ row }) => <CustomerRef id={refId(row.original.customer)} />,
      minWidth: 170,
    });
  }
  cols.push({
    id: 'id',
    header: 'Card id',
    cell: ({ row }) => <IdWithCopy id={row.original._id} label="card id" />,
    width: 170,
    priority: 2,
  });
  return cols;
}
