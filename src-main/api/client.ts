// The card API client: one method per operation of the spec, over node:http(s) (see http-transport.ts). Every failure comes back
// as a typed AppError (never a throw); GETs are retried with backoff, POSTs never are.
//
// Retries are a small loop rather than p-retry: the wait before a retry must come from the answer
// (Retry-After / X-RateLimit-Reset), results are values rather than thrown errors, and the wait must be
// injectable for tests; p-retry computes its own delay and works on thrown errors only.
import type { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema } from '../../src-shared/api/envelope';
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
import type { AppError, ErrorKind } from '../../src-shared/ipc/result';
import type { Logger } from '../core/ports';
import { KeychainUnavailableError } from '../keychain/keychain-error';
import { backoffDelayMs, sleep as realSleep, type Sleep } from './backoff';
import { type Envelope, parseJson, readEnvelope } from './envelope-reader';
import {
  CANCELLED,
  NO_KEY,
  UNREADABLE_RESPONSE,
  classifyTransportFailure,
  errorForCancelledWrite,
  errorForStatus,
  errorForTimeout,
  errorForTransportFailure,
  errorForUnreadableWrite,
  type TransportContext,
} from './failures';
import { type Transport, TransportClosedError, httpTransport } from './http-transport';
import { pathWithId, queryString } from './query-string';
import { currentPriority } from './call-priority';
import { RateBudget, isPermit, type Permit } from './rate-budget';
import { rateLimitedWaitMs, readRateLimit } from './rate-limit-headers';
import type { ApiResult, CallOptions, CardApiClient, ConditionalCallOptions } from './types';

export interface ApiOutcome {
  kind: 'ok' | ErrorKind;
  status?: number;
}

export interface CardApiClientOptions {
  /** e.g. `https://api.example.com` or `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** Read from the keychain for every call; the client never keeps the key. */
  getKey: () => Promise<string | null>;
  timeouts?: {
    /** Until the response headers arrive, connecting included (default 10 s). */
    headersMs?: number;
    /** Until the whole body has arrived (default 30 s). */
    totalMs?: number;
  };
  retry?: {
    /** Attempts for a GET, the first included (default 4). POSTs always get one. */
    maxAttempts?: number;
    /** First backoff delay (default 500 ms); doubles each retry, with jitter. */
    baseDelayMs?: number;
    /** Longest backoff delay (default 10 s). */
    maxDelayMs?: number;
    /** Longest wait the server may ask for (Retry-After, rate-limit reset) that the client honours (default 60 s); beyond it the call fails as rate_limited. */
    maxWaitMs?: number;
  };
  now?: () => number;
  sleep?: Sleep;
  random?: () => number;
  logger?: Logger;
  onOutcome?: (outcome: ApiOutcome) => void;
  /** How requests are sent (default: node:http(s); Node's fetch fits too). */
  transport?: Transport;
  /** The environment's request budget (default: one of the client's own). */
  budget?: RateBudget;
}

/** A 2xx body handed back as its bytes, unread (`data` is then a Uint8Array). */
const BYTES = 'bytes';

interface Operation<T> {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/customers?page=0&limit=100`. */
  path: string;
  envelope: z.ZodType<Envelope<T>> | typeof BYTES;
  body?: unknown;
  /** Set for writes: what the write creates, for the "may or may not have been created" message. */
  creates?: string;
  ifNoneMatch?: string;
  /** Overrides the client's transport for this call. */
  transport?: Transport;
}

interface AttemptOutcome<T> {
  result: ApiResult<T>;
  retryable: boolean;
  /** How long the server asked us to wait before the next try. */
  serverWaitMs?: number | null;
}

const DEFAULTS = {
  headersMs: 10_000,
  totalMs: 30_000,
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxWaitMs: 60_000,
};

const failure = <T>(error: AppError, extra: { etag?: string } = {}): ApiResult<T> => ({ ok: false, error, ...extra });

export function createCardApiClient(options: CardApiClientOptions): CardApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const host = safeHost(baseUrl);
  const headersMs = options.timeouts?.headersMs ?? DEFAULTS.headersMs;
  const totalMs = options.timeouts?.totalMs ?? DEFAULTS.totalMs;
  const maxAttempts = Math.max(1, options.retry?.maxAttempts ?? DEFAULTS.maxAttempts);
  const baseDelayMs = options.retry?.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const maxDelayMs = options.retry?.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const maxWaitMs = options.retry?.maxWaitMs ?? DEFAULTS.maxWaitMs;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const send = options.transport ?? httpTransport;
  const logger = options.logger;
  const budget = options.budget ?? new RateBudget({ now });

  async function call<T>(op: Operation<T>, signal?: AbortSignal): Promise<ApiResult<T>> {
    const result = await run(op, signal);
    options.onOutcome?.(
      result.ok
        ? { kind: 'ok' }
        : { kind: result.error.kind, ...(result.error.status ? { status: result.error.status } : {}) },
    );
    return result;
  }

  async function run<T>(op: Operation<T>, signal?: AbortSignal): Promise<ApiResult<T>> {
    const ctx: TransportContext = {
      host,
      write: op.creates !== undefined,
      ...(op.creates ? { creates: op.creates } : {}),
    };
    if (signal?.aborted) return failure({ kind: 'cancelled', message: CANCELLED });
    let key: string | null;
    try {
      key = await options.getKey();
    } catch (error) {
      if (error instanceof KeychainUnavailableError) return failure(error.toAppError());
      logger?.error({ err: describeError(error) }, 'reading the API key failed');
      return failure({ kind: 'internal', message: 'Card Desk could not read the API key for this environment.' });
    }
    if (!key) return failure({ kind: 'unauthorized', message: NO_KEY });

    const attempts = op.method === 'GET' ? maxAttempts : 1;
    // A write is never queued behind background work, whatever context it was made from.
    const priority = op.method === 'GET' ? currentPriority() : 'write';
    for (let attempt = 1; ; attempt++) {
      const permit = await budget.acquire(priority, { maxWaitMs, ...(signal ? { signal } : {}) });
      if (!isPermit(permit)) return failure(permit);
      const outcome = await attemptOnce(op, key, attempt, ctx, permit, signal);
      if (outcome.result.ok || !outcome.retryable || attempt >= attempts) return outcome.result;
      const serverWait = outcome.serverWaitMs ?? 0;
      if (serverWait > maxWaitMs && priority !== 'background') return outcome.result;
      // The budget holds the next attempt until a 429's wait has passed; the backoff spaces other failures.
      const delay = backoffDelayMs(attempt, baseDelayMs, maxDelayMs, random);
      logger?.info(
        { method: op.method, path: op.path, attempt, retryInMs: Math.max(delay, serverWait) },
        'api retry scheduled',
      );
      try {
        await sleep(delay, signal);
      } catch {
        return failure({ kind: 'cancelled', message: CANCELLED });
      }
    }
  }

  async function attemptOnce<T>(
    op: Operation<T>,
    key: string,
    attempt: number,
    ctx: TransportContext,
    permit: Permit,
    signal?: AbortSignal,
  ): Promise<AttemptOutcome<T>> {
    const started = performance.now();
    /** What the answer told the budget; none when no answer came. */
    let answered: Parameters<RateBudget['settle']>[1] | null = null;
    const timer = new AbortController();
    /** The limit that ran out, when one did. */
    let timedOutAfterMs: number | null = null;
    const expire = (limitMs: number) => () => {
      timedOutAfterMs ??= limitMs;
      timer.abort(new Error('timeout'));
    };
    const headersTimer = setTimeout(expire(headersMs), headersMs);
    const totalTimer = setTimeout(expire(totalMs), totalMs);
    const combined = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
    const log = (status: number | null, kind: string) =>
      (kind === 'ok' ? logger?.info : logger?.warn)?.call(
        logger,
        {
          method: op.method,
          path: op.path,
          status,
          ms: Math.round(performance.now() - started),
          attempt,
          outcome: kind,
        },
        'api call',
      );
    const finish = (outcome: AttemptOutcome<T>, status: number | null): AttemptOutcome<T> => {
      log(status, outcome.result.ok ? 'ok' : outcome.result.error.kind);
      return outcome;
    };

    try {
      const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${key}` };
      if (op.body !== undefined) headers['Content-Type'] = 'application/json';
      if (op.ifNoneMatch) headers['If-None-Match'] = op.ifNoneMatch;
      const response = await (op.transport ?? send)(`${baseUrl}${op.path}`, {
        method: op.method,
        headers,
        body: op.body === undefined ? undefined : JSON.stringify(op.body),
        signal: combined,
        redirect: 'manual',
      });
      clearTimeout(headersTimer);
      const serverWaitMs = response.status === 429 ? rateLimitedWaitMs(response.headers, now()) : null;
      answered = { rate: readRateLimit(response.headers, now()), status: response.status, retryAfterMs: serverWaitMs };
      const etag = response.headers.get('etag') ?? undefined;
      const withEtag = etag ? { etag } : {};

      if (response.status === 304 && op.ifNoneMatch) {
        await response.body?.cancel();
        return finish({ result: { ok: true, data: [] as T, notModified: true, ...withEtag }, retryable: false }, 304);
      }
      const succeeded = response.status >= 200 && response.status < 300;
      if (succeeded && op.envelope === BYTES) {
        const bytes = new Uint8Array(await response.arrayBuffer());
        return finish({ result: { ok: true, data: bytes as T, ...withEtag }, retryable: false }, response.status);
      }
      const body = parseJson(await response.text());

      if (succeeded && op.envelope !== BYTES) {
        const read = readEnvelope(op.envelope, body);
        if (!read) {
          logger?.warn(
            {
              method: op.method,
              path: op.path,
              status: response.status,
              problem: body === undefined ? 'not JSON' : 'not the envelope',
            },
            'api response unreadable',
          );
          // A write the service accepted (2xx) happened even if its answer is unreadable: never invite a resend.
          const error = ctx.write
            ? errorForUnreadableWrite(ctx, response.status)
            : { kind: 'server' as const, message: UNREADABLE_RESPONSE, status: response.status };
          return finish({ result: failure(error, withEtag), retryable: false }, response.status);
        }
        return finish({ result: { ok: true, ...read, ...withEtag }, retryable: false }, response.status);
      }

      const error = errorForStatus(response.status, { body: body ?? null, retryAfterMs: serverWaitMs, secret: key });
      const retryable = response.status === 429 || response.status >= 500;
      return finish({ result: failure(error), retryable, serverWaitMs }, response.status);
    } catch (error) {
      if (signal?.aborted) {
        // Once a write has been handed to the transport it may have reached the server: cancelling cannot undo it.
        const e = ctx.write ? errorForCancelledWrite(ctx) : { kind: 'cancelled' as const, message: CANCELLED };
        return finish({ result: failure(e), retryable: false }, null);
      }
      if (timedOutAfterMs !== null)
        return finish({ result: failure(errorForTimeout(timedOutAfterMs, ctx)), retryable: true }, null);
      if (error instanceof TransportClosedError)
        return finish({ result: failure({ kind: 'internal', message: error.message }), retryable: false }, null);
      const transport = classifyTransportFailure(error);
      logger?.warn(
        { method: op.method, path: op.path, attempt, code: transport.code ?? null, phase: transport.phase },
        'api transport failure',
      );
      return finish({ result: failure(errorForTransportFailure(transport, ctx)), retryable: true }, null);
    } finally {
      clearTimeout(headersTimer);
      clearTimeout(totalTimer);
      if (answered) budget.settle(permit, answered);
      else budget.release(permit);
    }
  }

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
  const list = <T extends z.ZodType>(item: T) =>
    listEnvelopeSchema(item) as unknown as z.ZodType<Envelope<z.infer<T>[]>>;
  const one = <T extends z.ZodType>(item: T) => envelopeSchema(item) as unknown as z.ZodType<Envelope<z.infer<T>>>;

  return {
    baseUrl,
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
    rateLimit: () => budget.state(),
    budget,
  };
}

function safeHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** An error's name, message and code for the log (never request headers). */
export function describeError(error: unknown): { name?: string; message: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { message: String(error) };
}
