// `cards.lookUp`: a card by its id even when Card Desk never saw it. The API has no get-card operation,
// but it answers a card's balance and transactions for any card id: a balance that answers proves the
// card exists, its first transactions (when any) carry the card itself, and the card joins the index.
import type { Card } from '../../src-shared/api/records';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { CardSource } from './merge-card';
import { extractEmbeddedCards } from './embedded-cards';
import type { CardApiClient } from '../api/types';

export interface CardIndex {
  get(id: string): Card | null;
  observe(cards: readonly Card[], source: CardSource): number;
}

export async function lookUpCard(
  id: string,
  api: CardApiClient,
  index: CardIndex,
  signal: AbortSignal,
): Promise<Result<Card>> {
  const known = index.get(id);
  if (known) return ok(known);
  const balance = await api.getCardBalance(id, { signal });
  if (!balance.ok) {
    if (balance.error.kind === 'validation' || balance.error.kind === 'not_found')
      return err('not_found', `The service knows no card with the id ${id}.`, { field: 'id' });
    return { ok: false, error: balance.error };
  }
  const transactions = await api.listCardTransactions({ cardId: id, page: 0, limit: 25 }, { signal });
  const embedded = transactions.ok ? extractEmbeddedCards(transactions.data).find((c) => c._id === id) : undefined;
  index.observe([embedded ?? { _id: id }], 'looked-up');
  return ok(index.get(id) ?? embedded ?? { _id: id });
}
