// The spec's operations as requests: method, path, query and the envelope each answer is read with.
// The client (client.ts) sends them; this file only says what each operation is.
import type { PageQuery } from '../../src-shared/api/requests';
import { BYTES, type Operation } from './attempt';
import { ENVELOPES } from './envelopes';
import { pathWithId, queryString } from './query-string';
import type { ApiResult, CallOptions, CardApiClient, ConditionalCallOptions } from './types';

/** Sends one operation. */
export type Call = <T>(op: Operation<T>, signal?: AbortSignal) => Promise<ApiResult<T>>;

const customersOperation = <T>(
  query: PageQuery,
  envelope: Operation<T>['envelope'],
  opts?: ConditionalCallOptions,
): Operation<T> => ({
  method: 'GET',
  path: `/customers${queryString({ page: query.page, limit: query.limit })}`,
  envelope,
  ...(opts?.ifNoneMatch ? { ifNoneMatch: opts.ifNoneMatch } : {}),
  ...(opts?.transport ? { transport: opts.transport } : {}),
});

/** Every operation of the client, sent through `call`. */
export function operations(call: Call): Omit<CardApiClient, 'baseUrl' | 'rateLimit'> {
  return {
    listCustomers: (query, opts?: ConditionalCallOptions) =>
      call(customersOperation(query, ENVELOPES.customers, opts), opts?.signal),
    listCustomersBytes: (query, opts?: ConditionalCallOptions) =>
      call(customersOperation<Uint8Array>(query, BYTES, opts), opts?.signal),
    createCard: (request, opts?: CallOptions) =>
      call(
        { method: 'POST', path: '/cards', body: request, envelope: ENVELOPES.card, creates: 'the card' },
        opts?.signal,
      ),
    createAccount: (request, opts?: CallOptions) =>
      call(
        {
          method: 'POST',
          path: '/accounts',
          body: request,
          envelope: ENVELOPES.account,
          creates: request.type === 'wallet' ? 'the wallet' : 'the account',
        },
        opts?.signal,
      ),
    // A POST, so never retried; it changes nothing, so a lost connection is a plain network error.
    nameEnquiry: (request, opts?: CallOptions) =>
      call(
        {
          method: 'POST',
          path: '/accounts/transfer/name-enquiry',
          body: request,
          envelope: ENVELOPES.nameEnquiry,
        },
        opts?.signal,
      ),
    listAuthorizations: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/cards/authorizations${queryString({ page: query.page, limit: query.limit, fromDate: query.fromDate, toDate: query.toDate })}`,
          envelope: ENVELOPES.authorizations,
        },
        opts?.signal,
      ),
    listAccounts: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/accounts${queryString({ page: query.page, limit: query.limit, currency: query.currency, type: query.type })}`,
          envelope: ENVELOPES.accounts,
        },
        opts?.signal,
      ),
    listDisputes: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/cards/disputes${queryString({ page: query.page, limit: query.limit })}`,
          envelope: ENVELOPES.disputes,
        },
        opts?.signal,
      ),
    listCardTransactions: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `${pathWithId('/cards/{id}/transactions', query.cardId)}${queryString({ page: query.page, limit: query.limit, fromDate: query.fromDate, toDate: query.toDate })}`,
          envelope: ENVELOPES.transactions,
        },
        opts?.signal,
      ),
    listFundingSources: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/fundingsources${queryString({ page: query.page, limit: query.limit })}`,
          envelope: ENVELOPES.fundingSources,
        },
        opts?.signal,
      ),
    getFundingSource: (id, opts?: CallOptions) =>
      call(
        { method: 'GET', path: pathWithId('/fundingsources/{id}', id), envelope: ENVELOPES.fundingSource },
        opts?.signal,
      ),
    getCardBalance: (cardId, opts?: CallOptions) =>
      call(
        { method: 'GET', path: pathWithId('/cards/{id}/balance', cardId), envelope: ENVELOPES.balance },
        opts?.signal,
      ),
  };
}
