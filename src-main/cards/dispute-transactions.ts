// A dispute names only its transaction, and the API cannot fetch one transaction: it lists a card's
// transactions. So that the disputes list can name the card and its holder without the operator first
// opening that card, Card Desk finds the transaction itself, as cheaply as the API allows: the
// transaction's time (its id's timestamp, else the days before the dispute) bounds a date range; the
// authorizations of the days before it name the cards that could have been charged (a card transaction
// comes from an authorization); those cards' transactions in the range are read until every one is
// found. What is read joins the index of fetched transactions and the known cards, so each transaction
// is looked for once, and `names.resolve` waits for a search under way before it reads them.
import type { Card, Dispute, Transaction } from '../../src-shared/api/records';
import { isObjectId } from '../../src-shared/api/rules';
import { extractEmbeddedCards } from './embedded-cards';
import type { SeenTransactions } from './seen-transactions';
import type { CardApiClient } from '../api/types';

const DAY = 86_400_000;
/** How long before a transaction its authorization may have been made. */
export const AUTHORIZATION_LOOKBACK_DAYS = 30;
const PAGE = 100;
/** Bounds on one search: pages of authorizations, and cards whose transactions are read. */
const MAX_AUTHORIZATION_PAGES = 20;
const MAX_CARDS = 200;
/** Cards whose transactions are read at once. */
const CARDS_AT_ONCE = 4;

export interface TransactionIndexes {
  seen: Pick<SeenTransactions, 'getMany' | 'observe'>;
  observeCards: (cards: Card[], source: 'authorization' | 'transaction') => void;
}

type Api = Pick<CardApiClient, 'listAuthorizations' | 'listCardTransactions'>;

/** When a transaction was made, within a window: its ObjectId's second, or the days before its dispute. */
function windowOf(dispute: Pick<Dispute, 'transaction' | 'createdAt'>): { from: number; to: number } | null {
  if (isObjectId(dispute.transaction)) {
    const at = Number.parseInt(dispute.transaction.slice(0, 8), 16) * 1000;
    return { from: at - DAY, to: at + DAY };
  }
  const raised = Date.parse(dispute.createdAt ?? '');
  return Number.isNaN(raised) ? null : { from: raised - AUTHORIZATION_LOOKBACK_DAYS * DAY, to: raised };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Reads what it takes to find the disputes' transactions that are not in the index yet, and indexes what
 * it reads. Returns how many of them are still not found (the service failing, or past the bounds).
 */
export async function findDisputedTransactions(
  disputes: readonly Pick<Dispute, 'transaction' | 'createdAt'>[],
  api: Api,
  indexes: TransactionIndexes,
  signal?: AbortSignal,
): Promise<number> {
  const ids = [...new Set(disputes.map((d) => d.transaction).filter((t): t is string => typeof t === 'string'))];
  const known = new Set(indexes.seen.getMany(ids).map((t) => t.id));
  const wanted = new Set(ids.filter((id) => !known.has(id)));
  const windows = disputes
    .filter((d) => d.transaction && wanted.has(d.transaction))
    .map(windowOf)
    .filter((w) => w !== null);
  if (windows.length === 0) return wanted.size;
  const from = Math.min(...windows.map((w) => w.from));
  const to = Math.max(...windows.map((w) => w.to));
  const options = signal ? { signal } : {};

  const cards: string[] = [];
  const query = { fromDate: day(from - AUTHORIZATION_LOOKBACK_DAYS * DAY), toDate: day(to), limit: PAGE };
  for (let page = 0; page < MAX_AUTHORIZATION_PAGES; page++) {
    const r = await api.listAuthorizations({ ...query, page }, options);
    if (!r.ok) return wanted.size;
    const seen = extractEmbeddedCards(r.data);
    indexes.observeCards(seen, 'authorization');
    for (const c of seen) if (!cards.includes(c._id)) cards.push(c._id);
    if (r.data.length < PAGE) break;
  }

  const readCard = async (cardId: string): Promise<boolean> => {
    for (let page = 0; wanted.size > 0; page++) {
      const r = await api.listCardTransactions(
        { cardId, fromDate: day(from), toDate: day(to), page, limit: PAGE },
        options,
      );
      if (!r.ok) return false;
      record(r.data);
      if (r.data.length < PAGE) return true;
    }
    return true;
  };
  const record = (transactions: Transaction[]) => {
    indexes.seen.observe(transactions);
    indexes.observeCards(extractEmbeddedCards(transactions), 'transaction');
    for (const t of transactions) wanted.delete(t._id);
  };
  const queue = cards.slice(0, MAX_CARDS);
  const worker = async () => {
    while (wanted.size > 0 && queue.length > 0) if (!(await readCard(queue.shift()!))) return;
  };
  await Promise.all(Array.from({ length: CARDS_AT_ONCE }, worker));
  return wanted.size;
}

/** The searches under way, so that a reader of the index can wait for the transactions it asks about. */
export class DisputedTransactionSearches {
  private readonly pending = new Map<string, Promise<unknown>>();

  /** Starts a search for the disputes' transactions (its failure is only logged by `onError`). */
  start(
    disputes: readonly Pick<Dispute, 'transaction' | 'createdAt'>[],
    run: () => Promise<unknown>,
    onError: (error: unknown) => void,
  ): void {
    const ids = disputes.map((d) => d.transaction).filter((t): t is string => typeof t === 'string');
    if (ids.length === 0) return;
    const search = run().catch(onError);
    for (const id of ids) this.pending.set(id, search);
    void search.finally(() => {
      for (const id of ids) if (this.pending.get(id) === search) this.pending.delete(id);
    });
  }

  /** Resolves once no search for any of `ids` is under way (at once when none is). */
  async settled(ids: readonly string[]): Promise<void> {
    const searches = ids.map((id) => this.pending.get(id)).filter((p) => p !== undefined);
    await Promise.all(searches);
  }
}
