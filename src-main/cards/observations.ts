// What the reads of the service teach the card indexes, in the background: the cards embedded in
// authorizations and transactions join the known cards, fetched transactions join the seen ones, and a
// page of disputes starts a search for their transactions (dispute-transactions.ts). None of it makes an
// operator's read wait or fail: a failure is only logged.
import type { Authorization, Card, Dispute, Transaction } from '../../src-shared/api/records';
import { backgroundClient } from '../api/call-priority';
import type { CardApiClient } from '../api/types';
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import { DisputedTransactionSearches, findDisputedTransactions } from './dispute-transactions';
import { extractEmbeddedCards } from './embedded-cards';
import type { KnownCards } from './known-cards';
import type { SeenTransactions } from './seen-transactions';

export interface CardObservationDeps {
  getKnownCards: () => Promise<KnownCards>;
  getSeenTransactions: () => Promise<SeenTransactions>;
  logger?: Logger;
}

export class CardObservations {
  private readonly searches = new DisputedTransactionSearches();

  constructor(private readonly deps: CardObservationDeps) {}

  /** The cards embedded (as objects) in fetched authorizations or transactions join the known cards. */
  cardsIn(records: readonly (Authorization | Transaction)[], source: 'authorization' | 'transaction'): void {
    let cards: Card[];
    try {
      cards = extractEmbeddedCards(records);
    } catch (e) {
      this.warn('recording seen cards failed', e);
      return;
    }
    if (cards.length === 0) return;
    void this.deps
      .getKnownCards()
      .then((index) => index.observe(cards, source))
      .catch((e: unknown) => this.warn('could not index cards', e));
  }

  /** A page of card transactions joins the seen transactions (a dispute finds its card through them). */
  transactions(transactions: Transaction[]): void {
    void this.deps
      .getSeenTransactions()
      .then((index) => index.observe(transactions))
      .catch((e: unknown) => this.warn('could not index transactions', e));
  }

  /** Starts looking for a page of disputes' transactions, on the client that fetched the page. */
  disputes(disputes: Dispute[], api: CardApiClient): void {
    try {
      this.searches.start(
        disputes,
        async () => {
          const [seen, cards] = await Promise.all([this.deps.getSeenTransactions(), this.deps.getKnownCards()]);
          const observeCards = (found: Card[], source: 'authorization' | 'transaction') => cards.observe(found, source);
          // Background work: the search waits behind what the operator asks for and keeps the reserve.
          return findDisputedTransactions(disputes, backgroundClient(api), { seen, observeCards });
        },
        (e) => this.warn('could not look for disputed transactions', e),
      );
    } catch (e) {
      this.warn('looking for disputed transactions failed', e);
    }
  }

  /** Resolves once no search for these transactions is under way. */
  transactionsSettled(ids: readonly string[]): Promise<void> {
    return this.searches.settled(ids);
  }

  private warn(what: string, e: unknown): void {
    this.deps.logger?.warn({ error: errorMessage(e) }, what);
  }
}
