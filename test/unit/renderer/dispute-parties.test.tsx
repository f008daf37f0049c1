// A dispute's card and holder as the list shows them: named when the transaction is known, "Looking up"
// while main is still finding it, and said plainly when it was not found, never a stale hint.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type NamesState, NamesProvider } from '../../../src-renderer/components/values/names';
import { DisputeParties, DisputeTransaction } from '../../../src-renderer/pages/disputes/DisputedTransaction';

const TX = '65a1b2c3d4e5f60718293a4b';
const none: NamesState = { customers: {}, cards: {}, transactions: {}, lookingUp: false };

const render = (names: NamesState, transactionId: string | undefined) =>
  renderToStaticMarkup(
    <NamesProvider names={names}>
      <DisputeParties transactionId={transactionId} />
      <DisputeTransaction transactionId={transactionId} />
    </NamesProvider>,
  );

describe('DisputeParties', () => {
  it('names the holder, the card, the merchant and the amount of a known transaction', () => {
    const html = render(
      {
        ...none,
        customers: { c1: { name: 'Ada Obi', emailAddress: null, isApproved: true } },
        cards: { k1: { label: 'Verve •••• 1234', customerId: 'c1' } },
        transactions: {
          [TX]: {
            cardId: 'k1',
            customerId: null,
            merchantName: 'Shoprite',
            amount: 1200,
            currency: 'NGN',
            createdAt: null,
          },
        },
      },
      TX,
    );
    // The card first, the cardholder under it, each on a line of its own; the transaction by its merchant
    // and amount as the app writes money.
    expect(html).toContain('<span>Verve •••• 1234</span><span>Ada Obi</span>');
    expect(html).toContain('Shoprite');
    expect(html).toContain('₦1,200.00');
  });

  it('says the transaction is being looked up while main searches for it', () => {
    const html = render({ ...none, lookingUp: true }, TX);
    expect(html).toContain('Looking up the transaction…');
    expect(html).toContain('aria-busy="true"');
  });

  it('says it was not found once the search has answered without it', () => {
    const html = render(none, TX);
    expect(html).toContain('Transaction not found in recent card activity');
    expect(html).not.toContain('aria-busy');
    expect(html).not.toMatch(/not fetched yet/i);
  });

  it('says when a dispute carries no transaction at all', () => {
    expect(render({ ...none, lookingUp: true }, undefined)).toContain('No transaction on this dispute');
  });
});
