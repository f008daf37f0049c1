// Every cards.* channel: the known-cards index (known, get), a card looked up by its id, its balance and
// transactions read from the service, and issuing a card, which the issuing service journals (injected, so
// this room need not sit above it).
import type { Card, Transaction } from '../../src-shared/api/records';
import type { CreateCardRequest } from '../../src-shared/api/requests';
import type { Result } from '../../src-shared/ipc/result';
import { channelResult } from '../api/read-result';
import type { CardApiClient } from '../api/types';
import type { HandlersFor } from '../ipc/handler';
import { lookUpCard } from './card-look-up';
import type { KnownCards } from './known-cards';
import { knownCardsHandlers } from './known-cards-handlers';

export type CardChannel =
  'cards.known' | 'cards.get' | 'cards.lookUp' | 'cards.balance' | 'cards.transactions' | 'cards.create';

export type CreateCard = (
  request: CreateCardRequest,
  options: { signal: AbortSignal; confirmRepeat: boolean },
) => Promise<Result<Card>>;

export interface CardHandlerDeps {
  /** The active environment (its client answers the reads). */
  getActive: () => Promise<{ api: CardApiClient }>;
  getKnownCards: () => Promise<KnownCards>;
  /** Ids of the customers a search text names (from the customer cache): cards are found by their customer's name. */
  customerIdsNamed?: (text: string) => Promise<string[]>;
  createCard: CreateCard;
  /** What a fetched page of card transactions teaches the indexes (observations.ts). */
  observe?: {
    cardsIn(records: Transaction[], source: 'transaction'): void;
    transactions(transactions: Transaction[]): void;
  };
}

export function cardHandlers(deps: CardHandlerDeps): HandlersFor<CardChannel> {
  const api = async () => (await deps.getActive()).api;
  return {
    ...knownCardsHandlers(deps.getKnownCards, deps.customerIdsNamed),
    'cards.lookUp': async ({ id }, { signal }) => lookUpCard(id, await api(), await deps.getKnownCards(), signal),
    'cards.balance': async ({ cardId }, { signal }) =>
      channelResult(await (await api()).getCardBalance(cardId, { signal })),
    'cards.transactions': async (query, { signal }) => {
      const result = await (await api()).listCardTransactions(query, { signal });
      if (result.ok && deps.observe) {
        deps.observe.cardsIn(result.data, 'transaction');
        deps.observe.transactions(result.data);
      }
      return channelResult(result);
    },
    'cards.create': ({ confirmRepeat, ...request }, { signal }) =>
      deps.createCard(request, { signal, confirmRepeat: confirmRepeat === true }),
  };
}
