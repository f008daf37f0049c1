// What the reads of the service teach the card indexes, in the background: the cards embedded in
// authorizations and transactions join the known cards, and fetched transactions join the seen ones. A page
// of disputes is only remembered (which transaction each names, and the client that listed it): the search
// for their transactions (dispute-transactions.ts) runs when their names are asked for (`findTransactions`,
// from `names.resolve`), never inside `disputes.list`. None of it makes an operator's read fail: a failure
// is only logged.
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

/** Disputes remembered until their transactions are asked for; the oldest are forgotten past this many. */
const MAX_REMEMBERED_DISPUTES = 2_000;

type ListedDispute = { dispute: Pick<Dispute, 'transaction' | 'createdAt'>; api: CardApiClient };

export class CardObservations {
  private readonly searches = new DisputedTransactionSearches();
  /** By transaction id: the listed dispute that names it, not looked for yet. */
  private readonly listed = new Map<string, ListedDispute>();

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

  /** Remembers a page of disputes (each with the client that listed it); nothing is read from the service. */
  disputesListed(disputes: readonly Dispute[], api: CardApiClient): void {
    for (const dispute of disputes) {
      if (typeof dispute.transaction !== 'string') continue;
      this.listed.delete(dispute.transaction);
      this.listed.set(dispute.transaction, { dispute, api });
    }
    for (const oldest of this.listed.keys()) {
      if (this.listed.size <= MAX_REMEMBERED_DISPUTES) break;
      this.listed.delete(oldest);
    }
  }

  /**
   * Looks for the transactions of listed disputes among `ids` (one search per client that listed them), and
   * resolves once no search for any of `ids` is under way. An id no listed dispute names is not looked for.
   */
  async findTransactions(ids: readonly string[]): Promise<void> {
    const byClient = new Map<CardApiClient, Pick<Dispute, 'transaction' | 'createdAt'>[]>();
    for (const id of ids) {
      const entry = this.listed.get(id);
      if (!entry) continue;
      this.listed.delete(id);
      byClient.set(entry.api, [...(byClient.get(entry.api) ?? []), entry.dispute]);
    }
    for (const [api, disputes] of byClient) this.search(disputes, api);
    await this.searches.settled(ids);
  }

  /** Starts looking for disputes' transactions, on the client that listed them. */
  private search(disputes: Pick<Dispute, 'transaction' | 'createdAt'>[], api: CardApiClient): void {
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
