// A card's or a customer's recent authorizations, declined ones first with why, so the operator on the
// phone sees a refused payment where they are already looking. The service lists authorizations of every
// card by date range only: the range is read page by page (as Authorizations does when it filters) and
// narrowed here by the same rule the Authorizations page and its export use. None lately: a link to the
// latest ones from every date.
import { useMemo, useState } from 'react';
import type { Authorization } from '../../../src-shared/api/records';
import { authorizationMatches, type AuthorizationFilter } from '../../../src-shared/api/authorization-filter';
import { declineReason } from '../../../src-shared/api/decline-reason';
import { merchantCategoryLabel } from '../../../src-shared/api/merchant-categories';
import { bridge } from '../../lib/bridge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { hrefOf } from '../../lib/routes';
import { MiniTable, type MiniColumn } from '../details/MiniTable';
import { lastDays } from '../fields/DateRangeFields';
import { useWholeRange } from '../lists/useWholeRange';
import { ErrorState } from '../states/States';
import { StatusBadge } from '../values/Badge';
import { Pan } from '../values/Pan';

/** How far back the list reaches: the Authorizations page's own default range. */
export const RECENT_DAYS = 30;
/** Rows shown before "all on Authorizations". */
const SHOWN = 10;

const cardOfRow = (a: Authorization) => (a.card && typeof a.card === 'object' ? a.card : undefined);

/** Declined first (the caller's question is usually why a payment failed), each group newest first. */
export function declinedFirst(rows: readonly Authorization[]): Authorization[] {
  const time = (a: Authorization) => Date.parse(a.createdAt ?? '') || 0;
  return [...rows].sort((a, b) => Number(a.approved === true) - Number(b.approved === true) || time(b) - time(a));
}

function columns(showCard: boolean): MiniColumn<Authorization>[] {
  const cols: MiniColumn<Authorization>[] = [
    { header: 'When', cell: (a) => <span className="nowrap">{formatDateTime(a.createdAt)}</span> },
    {
      header: 'Result',
      cell: (a) => {
        const reason = declineReason(a);
        return (
          <span className="auth-result">
            <StatusBadge
              status={a.approved === true ? 'approved' : 'declined'}
              label={a.approved === true ? 'Approved' : 'Declined'}
            />
            {reason ? <span data-testid="decline-reason">{reason}</span> : null}
          </span>
        );
      },
    },
    {
      header: 'Merchant',
      cell: (a) => [a.merchant?.name, merchantCategoryLabel(a.merchant?.category)].filter(Boolean).join(' · ') || '—',
    },
    {
      header: 'Amount',
      numeric: true,
      cell: (a) => <span className="nowrap">{formatMoney(a.amount, a.currency)}</span>,
    },
  ];
  if (showCard) cols.push({ header: 'Card', cell: (a) => <Pan maskedPan={cardOfRow(a)?.maskedPan} /> });
  return cols;
}

export function RecentAuthorizations({
  of,
  title = 'Recent authorizations',
}: {
  /** Whose: one card (by id) or one customer (by id), across their cards. */
  of: { card: string } | { customer: string };
  title?: string;
}): React.JSX.Element {
  const [range] = useState(() => lastDays(RECENT_DAYS));
  const whole = useWholeRange<Authorization>({
    key: ['authorizations', range],
    fetchPage: (page, limit, opts) => bridge().authorizations.list({ ...range, page, limit }, opts),
    enabled: true,
  });
  const filter: AuthorizationFilter = of;
  const filterKey = JSON.stringify(filter);
  const mine = useMemo(
    () =>
      declinedFirst(whole.rows.filter((a) => authorizationMatches(a, JSON.parse(filterKey) as AuthorizationFilter))),
    [whole.rows, filterKey],
  );
  const declined = mine.filter((a) => a.approved !== true).length;
  const showCard = 'customer' in of;
  const link = `${hrefOf('authorizations')}?${new URLSearchParams({ ...range, ...of }).toString()}`;
  // None lately: the latest, whenever they were (every date, newest first).
  const everLink = `${hrefOf('authorizations')}?${new URLSearchParams({ fromDate: '', toDate: '', ...of }).toString()}`;
  const n = (v: number) => v.toLocaleString('en');
  const headingId = `recent-auth-${'card' in of ? 'card' : 'customer'}`;

  let status: string;
  if (whole.error) status = `${n(mine.length)} found among the authorizations loaded before the failure`;
  else if (whole.loading)
    status =
      `Reading the last ${RECENT_DAYS} days of authorizations: ${n(whole.rows.length)}` +
      (whole.total !== null ? ` of ${n(whole.total)}` : '') +
      (whole.waitingForLimit !== null ? ` — waiting ${whole.waitingForLimit} s for the request limit to reset` : '') +
      '…';
  else if (mine.length === 0) status = `None in the last ${RECENT_DAYS} days.`;
  else
    status =
      `${n(mine.length)} in the last ${RECENT_DAYS} days` +
      (declined ? `, ${n(declined)} declined (shown first)` : ', none declined') +
      (mine.length > SHOWN ? `; the ${SHOWN} shown first are below.` : '.');

  return (
    <section className="panel recent-authorizations" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        <a href={link}>All on Authorizations</a>
      </div>
      <p className="muted small" role="status" data-testid="recent-auth-status">
        {status}
        {!whole.loading && !whole.error && mine.length === 0 ? (
          <>
            {' '}
            <a href={everLink} data-testid="recent-auth-ever">
              The latest ones, from every date, on Authorizations
            </a>
          </>
        ) : null}
      </p>
      {whole.error ? <ErrorState error={whole.error.appError} onRetry={whole.retry} /> : null}
      {mine.length > 0 ? <MiniTable columns={columns(showCard)} rows={mine.slice(0, SHOWN)} /> : null}
    </section>
  );
}
