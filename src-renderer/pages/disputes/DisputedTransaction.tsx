// What a dispute is about, in names: the disputed transaction's merchant and amount, its card and its
// customer, as far as Card Desk has fetched that transaction (a dispute carries only the transaction id).
import { hrefOf } from '../../lib/routes';
import { useNames } from '../../components/values/names';
import { TwoLineCell } from '../../components/lists/cells';
import { formatMoney } from '../../lib/format';

export function useDisputeParties(transactionId: string | undefined) {
  const names = useNames();
  const tx = transactionId ? names.transactions[transactionId] : undefined;
  const card = tx?.cardId ? names.cards[tx.cardId] : undefined;
  const customerId = tx?.customerId ?? card?.customerId ?? null;
  const customer = customerId ? names.customers[customerId] : undefined;
  return { tx, card, customerId, customer, lookingUp: names.lookingUp };
}

/**
 * Why a dispute's transaction has no names: none on the dispute, still being looked for (main searches
 * the authorizations and card transactions around the dispute's date on a first visit), or not found.
 */
function missingText(transactionId: string | undefined, lookingUp: boolean): string {
  if (!transactionId) return 'No transaction on this dispute';
  return lookingUp ? 'Looking up the transaction…' : 'Transaction not found in recent card activity';
}

/** One line for the list: `Verve •••• 1234 · Ada Obi`, or why the transaction is not named. */
export function DisputeParties({ transactionId }: { transactionId: string | undefined }): React.JSX.Element {
  const { tx, card, customer, lookingUp } = useDisputeParties(transactionId);
  if (!tx)
    return (
      <span className="muted" aria-busy={lookingUp && transactionId ? true : undefined}>
        {missingText(transactionId, lookingUp)}
      </span>
    );
  // The card first: its last four are what the caller reads out, so a narrow column cuts the name instead.
  const who = [card?.label, customer?.name].filter(Boolean).join(' · ') || 'Unknown card';
  const what = [tx.merchantName, tx.amount !== null ? formatMoney(tx.amount, tx.currency) : null]
    .filter(Boolean)
    .join(' · ');
  return <TwoLineCell main={who} title={who} sub={what} />;
}

/** The same as detail rows: links to the card and the customer when known. */
export function useDisputePartyItems(transactionId: string | undefined): [string, React.ReactNode][] {
  const { tx, card, customer, customerId, lookingUp } = useDisputeParties(transactionId);
  if (!tx)
    return [
      [
        'Card and customer',
        <span className="muted">
          {missingText(transactionId, lookingUp)}
          {transactionId && !lookingUp
            ? ". Card Desk looked through the authorizations and card transactions around the dispute's date; the card's own transactions list shows it once opened."
            : ''}
        </span>,
      ],
    ];
  return [
    ['Customer', customer && customerId ? <a href={hrefOf('customers', customerId)}>{customer.name}</a> : '—'],
    ['Card', card && tx.cardId ? <a href={hrefOf('cards', tx.cardId)}>{card.label}</a> : '—'],
    ['Merchant', tx.merchantName ?? '—'],
    ['Amount', tx.amount !== null ? formatMoney(tx.amount, tx.currency) : '—'],
  ];
}
