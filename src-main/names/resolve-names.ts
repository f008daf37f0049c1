// Names for a page of ids in one pass: cards from the known-cards index, transactions from the index of
// fetched transactions, and every customer they lead to from the customer cache. Local reads, once the
// transactions of listed disputes not indexed yet have been looked for (`findTransactions`, the one read of
// the service, on request); an id that is not found is left out, and a store that cannot be read leaves its
// part empty.
import type { Customer } from '../../src-shared/api/records';
import { customerDisplayName } from '../../src-shared/api/customer-name';
import type { NamesRequest, ResolvedNames } from '../../src-shared/ipc/channels/names';
import type { KnownCards } from '../cards/known-cards';
import type { SeenTransactions } from '../cards/seen-transactions';
import { refId } from '../../src-shared/api/ref-id';
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';

export interface NameSources {
  getCustomer: () => Promise<{ get(id: string): Promise<Customer | null> }>;
  getKnownCards: () => Promise<Pick<KnownCards, 'get'>>;
  getSeenTransactions: () => Promise<Pick<SeenTransactions, 'getMany'>>;
  /** Looks for the transactions of listed disputes among these ids, and resolves once none is being looked for. */
  findTransactions?: (ids: readonly string[]) => Promise<void>;
  logger?: Logger;
}

const last4 = (maskedPan: unknown): string | null => {
  if (typeof maskedPan !== 'string') return null;
  const digits = maskedPan.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
};

/** `Verve •••• 1234`; without a PAN, the brand and type. */
export function cardLabel(card: { brand?: string; type?: string; maskedPan?: string }): string {
  const four = last4(card.maskedPan);
  return [card.brand, four ? `•••• ${four}` : card.type].filter(Boolean).join(' ') || 'Card';
}

async function attempt<T>(what: string, work: () => Promise<T>, fallback: T, logger?: Logger): Promise<T> {
  try {
    return await work();
  } catch (e) {
    logger?.warn({ error: errorMessage(e) }, `names: could not read ${what}`);
    return fallback;
  }
}

export async function resolveNames(sources: NameSources, input: NamesRequest): Promise<ResolvedNames> {
  const out: ResolvedNames = { customers: {}, cards: {}, transactions: {} };
  const customerIds = new Set(input.customerIds ?? []);
  const cardIds = new Set(input.cardIds ?? []);
  const { logger } = sources;

  const transactionIds = [...new Set(input.transactionIds ?? [])];
  if (transactionIds.length) {
    await sources.findTransactions?.(transactionIds);
    const seen = await attempt(
      'the fetched transactions',
      async () => (await sources.getSeenTransactions()).getMany(transactionIds),
      [],
      logger,
    );
    for (const t of seen) {
      const { id, ...rest } = t;
      out.transactions[id] = rest;
      if (t.cardId) cardIds.add(t.cardId);
      if (t.customerId) customerIds.add(t.customerId);
    }
  }

  if (cardIds.size) {
    await attempt(
      'the known cards',
      async () => {
        const index = await sources.getKnownCards();
        for (const id of cardIds) {
          const card = index.get(id);
          if (!card) continue;
          const customerId = refId(card.customer) ?? null;
          out.cards[id] = { label: cardLabel(card), customerId };
          if (customerId) customerIds.add(customerId);
        }
      },
      undefined,
      logger,
    );
  }

  if (customerIds.size) {
    await attempt(
      'the customer cache',
      async () => {
        const cache = await sources.getCustomer();
        for (const id of customerIds) {
          const c = await cache.get(id);
          const name = customerDisplayName(c);
          if (!c || !name) continue;
          out.customers[id] = {
            name,
            emailAddress: c.emailAddress ?? null,
            isApproved: typeof c.isApproved === 'boolean' ? c.isApproved : null,
          };
        }
      },
      undefined,
      logger,
    );
  }
  return out;
}
