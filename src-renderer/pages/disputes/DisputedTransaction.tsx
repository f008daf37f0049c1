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

/** Why the transaction is not named, in the list's cell. */
function Missing({ transactionId, lookingUp }: { transactionId: string | undefined; lookingUp: boolean }) {
  return (
    <span className="muted" aria-busy={lookingUp && transactionId ? true : undefined}>
      {missingText(transactionId, lookingUp)}
    </span>
  );
}

/**
 * The list's card and cardholder: the card first (`Verve •••• 1234`: the last four are what the caller reads
 * out), the cardholder's name under it, each on a line of its own so neither is cut; or why the transaction is
 * not named.
 */
export function DisputeParties({ transactionId }: { transactionId: string | undefined }): React.JSX.Element {
  const { tx, card, customer, lookingUp } = useDisputeParties(transactionId);
  if (!tx) return <Missing transactionId={transactionId} lookingUp={lookingUp} />;
  return (
    <span className="cell-two">
      <span>{card?.label ?? 'Unknown card'}</span>
      <span>{customer?.name ?? '—'}</span>
    </span>
  );
}

/** The list's transaction: its merchant and amount (the transaction's id is in the dispute's detail). */
export function DisputeTransaction({ transactionId }: { transactionId: string | undefined }): React.JSX.Element {
  const { tx, lookingUp } = useDisputeParties(transactionId);
  if (!tx) return <Missing transactionId={transactionId} lookingUp={lookingUp} />;
  return (
    <TwoLineCell
      main={tx.merchantName ?? 'Unknown merchant'}
      title={tx.merchantName ?? undefined}
      sub={tx.amount !== null ? formatMoney(tx.amount, tx.currency) : '—'}
    />
  );
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
