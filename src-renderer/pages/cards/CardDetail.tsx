// One card: what it is, what can be done with it (replace, check the balance, and what the service does not
// offer), its spending controls, its balance, its authorizations and its transactions. A card Card Desk never
// saw is looked up by its id (the service answers its balance) and then joins the known cards.
import type { Card } from '../../../src-shared/api/records';
import { IdWithCopy } from '../../components/values/CopyButton';
import { Details } from '../../components/details/Drawer';
import { ErrorState, LoadingRows } from '../../components/states/States';
import { hrefOf, type Route } from '../../lib/routes';
import { StatusBadge } from '../../components/values/Badge';
import { useEnvironmentKey } from '../../components/environment/useEnvironmentKey';
import { useResolvedNames } from '../../components/values/names';
import { bridge } from '../../lib/bridge';
import { displayPan, formatDateTime, formatMoney, formatTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { expiryText, refId } from '../../components/cards/cardFields';
import { CardTransactions } from './CardTransactions';
import { SpendingControlsView } from '../../components/cards/SpendingControlsView';
import { RecentAuthorizations } from '../../components/cards/RecentAuthorizations';
import { ReplaceCardButton } from '../../writes/IssueCardButton';
import '../../components/cards/cards.css';

export function CardDetail({ id, route }: { id: string; route: Route }): React.JSX.Element {
  const env = useEnvironmentKey();
  const card = useBridgeQuery(['cards', 'get', env, id], (opts) => bridge().cards.lookUp({ id }, opts), {
    enabled: env !== null,
  });
  const c = card.data?.data;
  return (
    <section aria-labelledby="page-title" className="card-detail">
      <p>
        <a href={hrefOf('cards')}>← All cards</a>
      </p>
      <div className="title-line">
        <h1 id="page-title">{c ? `Card ${displayPan(c.maskedPan)}` : 'Card'}</h1>
        {c ? <StatusBadge status={c.status} /> : null}
      </div>
      {card.error ? (
        <ErrorState error={card.error.appError} onRetry={() => void card.refetch()} />
      ) : !c ? (
        <LoadingRows rows={4} label="Loading card" />
      ) : (
        <>
          <div className="detail-grid">
            <section className="panel" aria-labelledby="card-facts">
              <h2 id="card-facts">Card</h2>
              <CardFacts card={c} />
            </section>
            <section className="panel" aria-labelledby="card-balance">
              <h2 id="card-balance">Balance</h2>
              <CardBalance cardId={c._id} currency={c.currency} />
            </section>
          </div>
          <CardActions card={c} />
          <section className="panel" aria-labelledby="card-controls">
            <h2 id="card-controls">Spending controls</h2>
            <SpendingControlsView controls={c.spendingControls} currency={c.currency} />
          </section>
          <RecentAuthorizations of={{ card: c._id }} title="Authorizations of this card" />
          <CardTransactions cardId={c._id} route={route} />
        </>
      )}
    </section>
  );
}

function CardFacts({ card }: { card: Card }): React.JSX.Element {
  const customerId = refId(card.customer);
  const customerName = useResolvedNames({ customerIds: [customerId] }).customers[customerId ?? '']?.name;
  return (
    <Details
      items={[
        [
          'Card number',
          <span className="mono" data-testid="card-pan">
            {displayPan(card.maskedPan)}
          </span>,
        ],
        ['Brand', card.brand ?? '—'],
        ['Type', card.type ?? '—'],
        ['Currency', card.currency ?? '—'],
        ['Status', <StatusBadge status={card.status} />],
        ['Expires', expiryText(card)],
        [
          'Customer',
          customerId ? (
            <span className="id-with-copy customer-link">
              <a href={hrefOf('customers', customerId)}>{customerName ?? 'Open customer'}</a>
              <IdWithCopy id={customerId} label="customer id" />
            </span>
          ) : (
            '—'
          ),
        ],
        ['Account', <IdWithCopy id={refId(card.account)} label="account id" />],
        ['Funding source', <IdWithCopy id={card.fundingSource ?? undefined} label="funding source id" />],
        ['Card id', <IdWithCopy id={card._id} label="card id" />],
        ['Two-factor', card.is2FAEnabled === undefined ? '—' : card.is2FAEnabled ? 'Enabled' : 'Off'],
        ['Created', formatDateTime(card.createdAt)],
      ]}
    />
  );
}

function CardBalance({ cardId, currency }: { cardId: string; currency: string | undefined }): React.JSX.Element {
  const env = useEnvironmentKey();
  const balance = useBridgeQuery(
    ['cards', 'balance', env, cardId],
    (opts) => bridge().cards.balance({ cardId }, opts),
    { enabled: env !== null },
  );
  if (balance.error) return <ErrorState error={balance.error.appError} onRetry={() => void balance.refetch()} />;
  const b = balance.data?.data;
  if (!b) return <LoadingRows rows={2} label="Loading balance" />;
  return (
    <>
      <Details
        items={[
          ['Current balance', <span data-testid="balance-current">{formatMoney(b.currentBalance, currency)}</span>],
          [
            'Available balance',
            <span data-testid="balance-available">{formatMoney(b.availableBalance, currency)}</span>,
          ],
        ]}
      />
      <p className="balance-check">
        <button type="button" onClick={() => void balance.refetch()} disabled={balance.isFetching}>
          {balance.isFetching ? 'Checking…' : 'Check balance'}
        </button>
        <span className="muted small" role="status" data-testid="balance-checked">
          {balance.isFetching
            ? 'Asking the service…'
            : `Checked ${formatTime(new Date(balance.dataUpdatedAt).toISOString())}`}
        </span>
      </p>
    </>
  );
}

/**
 * What the operator can do with this card, and what the card service does not offer, said rather than
 * hidden: a caller asking to freeze a card hears what can be done instead.
 */
function CardActions({ card }: { card: Card }): React.JSX.Element {
  const canceled = card.status === 'canceled';
  return (
    <section className="panel card-actions" aria-labelledby="card-actions">
      <h2 id="card-actions">Actions</h2>
      <div className="action-row">
        <ReplaceCardButton card={card} />
        <span className="muted">
          {canceled
            ? 'This card is cancelled, so it cannot be replaced again.'
            : 'A new card on the same account and customer; this card is cancelled.'}
        </span>
      </div>
      <p className="muted" data-testid="not-offered">
        Freeze, unfreeze, cancel on its own, change the PIN or the spending controls: the card service offers no call
        for these, so Card Desk cannot do them. To stop a lost or stolen card, replace it.
      </p>
    </section>
  );
}
