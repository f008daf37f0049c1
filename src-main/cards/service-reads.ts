// IPC handlers for the read operations of the card API, on the active environment's client.
import type { Authorization, Card, Dispute, Transaction } from '../../src-shared/api/records';
import type { OutputOf, ParsedInputOf } from '../../src-shared/ipc/contract';
import type { Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { extractEmbeddedCards } from './embedded-cards';
import { handlerGuard } from '../ipc/guarded';
import type { Handler, HandlersFor } from '../ipc/handler';
import type { ApiResult, CardApiClient } from '../api/types';
import { errorMessage } from '../errors/error-message';

export type ApiReadChannel =
  | 'customers.list'
  | 'cards.transactions'
  | 'cards.balance'
  | 'accounts.list'
  | 'accounts.nameEnquiry'
  | 'authorizations.list'
  | 'disputes.list'
  | 'fundingSources.list'
  | 'fundingSources.get';

export interface ApiReadHooks {
  /** Receives the cards embedded (as objects) in authorizations and transactions, for the index of known cards. */
  observeCards?: (cards: Card[], source: 'authorization' | 'transaction') => void;
  /** Receives each fetched page of card transactions (a dispute finds its card and customer through them). */
  observeTransactions?: (transactions: Transaction[]) => void;
  /** Receives each fetched page of disputes, with the client that fetched it (to find their transactions). */
  observeDisputes?: (disputes: Dispute[], api: CardApiClient) => void;
  logger?: Logger;
}

/** Only what the channel promises: drops the HTTP extras (etag, notModified). */
function plain<T>(result: ApiResult<T>): Result<T> {
  if (!result.ok) return { ok: false, error: result.error };
  return result.pagination
    ? { ok: true, data: result.data, pagination: result.pagination }
    : { ok: true, data: result.data };
}

export function apiReadHandlers(
  /** The active environment (its client is all these handlers use). */
  getActive: () => Promise<{ api: CardApiClient }>,
  hooks: ApiReadHooks = {},
): HandlersFor<ApiReadChannel> {
  const guard = handlerGuard();
  /** Runs on the active environment's client. */
  function on<C extends ApiReadChannel>(
    channel: C,
    run: (api: CardApiClient, input: ParsedInputOf<C>, signal: AbortSignal) => Promise<Result<OutputOf<C>>>,
  ): Handler<C> {
    return guard(channel, async (input, signal) => run((await getActive()).api, input, signal));
  }

  function observe(records: readonly (Authorization | Transaction)[], source: 'authorization' | 'transaction'): void {
    if (!hooks.observeCards) return;
    try {
      const cards = extractEmbeddedCards(records);
      if (cards.length) hooks.observeCards(cards, source);
    } catch (error) {
      hooks.logger?.warn({ err: errorMessage(error) }, 'recording seen cards failed');
    }
  }

  return {
    'customers.list': on('customers.list', async (api, query, signal) =>
      plain(await api.listCustomers(query, { signal })),
    ),
    'cards.transactions': on('cards.transactions', async (api, query, signal) => {
      const result = await api.listCardTransactions(query, { signal });
      if (result.ok) {
        observe(result.data, 'transaction');
        hooks.observeTransactions?.(result.data);
      }
      return plain(result);
    }),
    'cards.balance': on('cards.balance', async (api, { cardId }, signal) =>
      plain(await api.getCardBalance(cardId, { signal })),
    ),
    'accounts.list': on('accounts.list', async (api, query, signal) =>
      plain(await api.listAccounts(query, { signal })),
    ),
    'accounts.nameEnquiry': on('accounts.nameEnquiry', async (api, request, signal) =>
      plain(await api.nameEnquiry(request, { signal })),
    ),
    'authorizations.list': on('authorizations.list', async (api, query, signal) => {
      const result = await api.listAuthorizations(query, { signal });
      if (result.ok) observe(result.data, 'authorization');
      return plain(result);
    }),
    'disputes.list': on('disputes.list', async (api, query, signal) => {
      const result = await api.listDisputes(query, { signal });
      if (result.ok) {
        try {
          hooks.observeDisputes?.(result.data, api);
        } catch (error) {
          hooks.logger?.warn({ err: errorMessage(error) }, 'looking for disputed transactions failed');
        }
      }
      return plain(result);
    }),
    'fundingSources.list': on('fundingSources.list', async (api, query, signal) =>
      plain(await api.listFundingSources(query, { signal })),
    ),
    'fundingSources.get': on('fundingSources.get', async (api, { id }, signal) =>
      plain(await api.getFundingSource(id, { signal })),
    ),
  };
}
