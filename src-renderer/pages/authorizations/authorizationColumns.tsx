import type { Authorization } from '../../../src-shared/api/records';
import { StatusBadge, humanize } from '../../components/values/Badge';
import type { Column } from '../../components/lists/DataTable';
import { CardRef, CustomerRef } from '../../components/values/names';
import { TwoLineCell, numericHeader } from '../../components/lists/cells';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { Pan } from '../../components/values/Pan';
import { declineReason } from '../../../src-shared/api/decline-reason';
import { cardOf, customerName, idOf } from './embedded';
import { merchantCategoryLabel } from '../../../src-shared/api/merchant-categories';

export function ApprovedBadge({ approved }: { approved: boolean | undefined }): React.JSX.Element {
  if (approved === undefined) return <span className="muted">—</span>;
  return <StatusBadge status={approved ? 'approved' : 'declined'} label={approved ? 'Approved' : 'Not approved'} />;
}

/** The merchant's amount, when the merchant charged in another currency than the card's. */
export function foreignAmount(a: Authorization): string | null {
  if (!a.merchantCurrency || a.merchantCurrency === a.currency || a.merchantAmount === undefined) return null;
  return formatMoney(a.merchantAmount, a.merchantCurrency);
}

export const authorizationColumns: Column<Authorization>[] = [
  {
    id: 'created',
    header: 'Date',
    width: 112,
    cell: ({ row }) => (
      <TwoLineCell main={formatDate(row.original.createdAt)} sub={formatTime(row.original.createdAt)} />
    ),
  },
  {
    id: 'approved',
    header: 'Approved',
    width: 150,
    // A declined one says why, under its badge.
    cell: ({ row }) => {
      const reason = declineReason(row.original);
      return reason ? (
        <TwoLineCell main={<ApprovedBadge approved={row.original.approved} />} sub={reason} title={reason} />
      ) : (
        <ApprovedBadge approved={row.original.approved} />
      );
    },
  },
  {
    id: 'status',
    header: 'Status',
    width: 96,
    priority: 3,
    cell: ({ row }) => (row.original.status ? humanize(row.original.status) : '—'),
  },
  {
    id: 'merchant',
    header: 'Merchant',
    minWidth: 150,
    cell: ({ row }) => {
      const m = row.original.merchant;
      return (
        // A long merchant's name may give way at 1024 (whole on hover and in the detail); the card and the
        // customer's name beside it never do.
        <TwoLineCell
          free
          main={m?.name ?? '—'}
          title={m?.name}
          sub={[merchantCategoryLabel(m?.category), m?.city].filter(Boolean).join(' · ')}
        />
      );
    },
  },
  {
    id: 'amount',
    header: numericHeader('Amount'),
    width: 175,
    cell: ({ row }) => {
      const a = row.original;
      return (
        <TwoLineCell
          numeric
          main={formatMoney(a.amount, a.currency)}
          sub={`fee ${formatMoney(a.fee ?? 0, a.currency)} · VAT ${formatMoney(a.vat ?? 0, a.currency)}`}
        />
      );
    },
  },
  {
    id: 'merchantAmount',
    header: numericHeader('Merchant amount'),
    width: 150,
    priority: 3,
    cell: ({ row }) => <span className="cell-num">{foreignAmount(row.original) ?? ''}</span>,
  },
  {
    // The caller's first fact: shown at every width, its last four never cut.
    id: 'card',
    header: 'Card',
    width: 150,
    cell: ({ row }) => {
      const card = cardOf(row.original.card);
      if (!card) return <CardRef id={idOf(row.original.card)} />;
      return (
        <TwoLineCell
          main={<Pan maskedPan={card?.maskedPan} />}
          sub={[card?.brand, card?.type].filter(Boolean).join(' · ')}
        />
      );
    },
  },
  {
    id: 'customer',
    header: 'Customer',
    minWidth: 146,
    priority: 2,
    cell: ({ row }) => {
      const customer = row.original.customer;
      return <CustomerRef id={idOf(customer)} name={customerName(customer)} />;
    },
  },
];
