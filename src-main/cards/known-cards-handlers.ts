// The cards.known and cards.get channels: pages and look-ups of the known-cards index of the active environment.
import { err, ok } from '../../src-shared/ipc/result';
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import type { HandlersFor } from '../ipc/handler';
import type { KnownCards } from './known-cards';

/** `customerIdsNamed` gives the customers a filter text names (from the customer cache): cards are found by their customer's name. */
export function knownCardsHandlers(
  getKnownCards: () => Promise<KnownCards>,
  customerIdsNamed?: (text: string) => Promise<string[]>,
): HandlersFor<'cards.known' | 'cards.get'> {
  return {
    'cards.known': async (input) => {
      const page = input.page ?? 0;
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      const text = input.query?.trim();
      const customerIds = text && customerIdsNamed ? await customerIdsNamed(text) : [];
      const { cards, total } = (await getKnownCards()).list({ ...input, customerIds, page, limit });
      return ok(cards, { total, pages: Math.ceil(total / limit), page, limit });
    },
    'cards.get': async ({ id }) => {
      const card = (await getKnownCards()).get(id);
      return card
        ? ok(card)
        : err('not_found', `Card ${id} is not among the cards Card Desk has seen in this environment.`, {
            field: 'id',
          });
    },
  };
}
