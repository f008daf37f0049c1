// The spec's operations as requests: method, path, query and the envelope each answer is read with.
// The client (client.ts) sends them; this file only says what each operation is.
import type { z } from 'zod';
import { tolerantEnvelopeSchema, tolerantListEnvelopeSchema } from '../../src-shared/api/envelope';
import {
  accountSchema,
  authorizationSchema,
  balanceSchema,
  cardSchema,
  customerSchema,
  disputeSchema,
  fundingSourceSchema,
  nameEnquiryResultSchema,
  transactionSchema,
} from '../../src-shared/api/records';
import type { PageQuery } from '../../src-shared/api/requests';
import { BYTES, type Operation } from './attempt';
import type { Envelope } from './envelope-reader';
import { pathWithId, queryString } from './query-string';
import type { ApiResult, CallOptions, CardApiClient, ConditionalCallOptions } from './types';

/** Sends one operation. */
export type Call = <T>(op: Operation<T>, signal?: AbortSignal) => Promise<ApiResult<T>>;

// Every answer is read record by record (src-shared/api/tolerant-read.ts): one odd record never fails a page.
const list = <T extends z.ZodType>(item: T) =>
  tolerantListEnvelopeSchema(item) as unknown as z.ZodType<Envelope<z.infer<T>[]>>;
const one = <T extends z.ZodType>(item: T) =>
  tolerantEnvelopeSchema(item) as unknown as z.ZodType<Envelope<z.infer<T>>>;

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
      call(customersOperation(query, list(customerSchema), opts), opts?.signal),
    listCustomersBytes: (query, opts?: ConditionalCallOptions) =>
      call(customersOperation<Uint8Array>(query, BYTES, opts), opts?.signal),
    createCard: (request, opts?: CallOptions) =>
      call(
        { method: 'POST', path: '/cards', body: request, envelope: one(cardSchema), creates: 'the card' },
        opts?.signal,
      ),
    createAccount: (request, opts?: CallOptions) =>
      call(
        {
          method: 'POST',
          path: '/accounts',
          body: request,
          envelope: one(accountSchema),
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
          envelope: one(nameEnquiryResultSchema),
        },
        opts?.signal,
      ),
    listAuthorizations: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/cards/authorizations${queryString({ page: query.page, limit: query.limit, fromDate: query.fromDate, toDate: query.toDate })}`,
          envelope: list(authorizationSchema),
        },
        opts?.signal,
      ),
    listAccounts: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/accounts${queryString({ page: query.page, limit: query.limit, currency: query.currency, type: query.type })}`,
          envelope: list(accountSchema),
        },
        opts?.signal,
      ),
    listDisputes: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/cards/disputes${queryString({ page: query.page, limit: query.limit })}`,
          envelope: list(disputeSchema),
        },
        opts?.signal,
      ),
    listCardTransactions: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `${pathWithId('/cards/{id}/transactions', query.cardId)}${queryString({ page: query.page, limit: query.limit, fromDate: query.fromDate, toDate: query.toDate })}`,
          envelope: list(transactionSchema),
        },
        opts?.signal,
      ),
    listFundingSources: (query, opts?: CallOptions) =>
      call(
        {
          method: 'GET',
          path: `/fundingsources${queryString({ page: query.page, limit: query.limit })}`,
          envelope: list(fundingSourceSchema),
        },
        opts?.signal,
      ),
    getFundingSource: (id, opts?: CallOptions) =>
      call(
        { method: 'GET', path: pathWithId('/fundingsources/{id}', id), envelope: one(fundingSourceSchema) },
        opts?.signal,
      ),
    getCardBalance: (cardId, opts?: CallOptions) =>
      call(
        { method: 'GET', path: pathWithId('/cards/{id}/balance', cardId), envelope: one(balanceSchema) },
        opts?.signal,
      ),
  };
}
