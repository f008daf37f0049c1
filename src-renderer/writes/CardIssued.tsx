// The card the service created: masked PAN, status and expiry, with a link to its page.
import { useEffect, useRef } from 'react';
import type { Card } from '../../src-shared/api/records';
import { hrefOf } from '../lib/routes';
import { StatusBadge } from '../components/values/Badge';
import { IdWithCopy } from '../components/values/CopyButton';
import { Details } from '../components/details/Drawer';
import { displayPan, panTail } from '../lib/format';
import { expiryText } from '../components/cards/cardFields';

export function CardIssued({
  card,
  replaced,
}: {
  card: Card;
  /** The card this one replaces (canceled by the service), by its last four or id. */
  replaced?: string | null;
}): React.JSX.Element {
  return (
    <div className="issue-result" role="status">
      <h3>{replaced ? 'Card replaced' : 'Card issued'}</h3>
      {replaced ? (
        <p data-testid="replaced-card">
          Card <span className="mono">{replaced}</span> replaced by{' '}
          <span className="mono">{panTail(card.maskedPan)}</span>; the old card is cancelled.
        </p>
      ) : null}
      <Details
        items={[
          ['Card', <span className="mono">{displayPan(card.maskedPan)}</span>],
          ['Status', <StatusBadge status={card.status} />],
          ['Expires', expiryText(card)],
          ['Brand', `${card.brand ?? '—'} ${card.type ?? ''}`],
          ['Currency', card.currency ?? '—'],
          ['Card id', <IdWithCopy id={card._id} label="card id" />],
        ]}
      />
      <a href={hrefOf('cards', card._id)}>Open the card</a>
    </div>
  );
}

/** A request the service or main refused, with its message. */
export function BridgeErrorBanner({ message }: { message: string }): React.JSX.Element {
  // A message below the fold is a message missed: it is scrolled into view and takes focus.
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus();
  }, [message]);
  return (
    <p ref={ref} className="error-state" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}
