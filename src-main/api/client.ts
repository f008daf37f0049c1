// The card API client: one method per operation of the spec, over node:http(s) (see http-transport.ts). Every failure comes back
// as a typed AppError (never a throw); GETs are retried with backoff, POSTs never are.
//
// Retries are a small loop rather than p-retry: the wait before a retry must come from the answer
// (Retry-After / X-RateLimit-Reset), results are values rather than thrown errors, and the wait must be
// injectable for tests; p-retry computes its own delay and works on thrown errors only.
import type { ErrorKind } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { KeychainUnavailableError } from '../keychain/keychain-error';
import { type AnswerReader, sharedAnswerReader } from './answer-reader';
import { type AttemptContext, attemptOnce, failure, type Operation } from './attempt';
import { backoffDelayMs, sleep as realSleep, type Sleep } from './backoff';
import { currentPriority, writePriority } from './call-priority';
import { CANCELLED, NO_KEY, type TransportContext } from './failures';
import { type Transport, httpTransport } from './http-transport';
import { environmentNetwork, type NetworkResolver } from './network-resolver';
import { operations } from './operations';
import { RateBudget, isPermit } from './rate-budget';
import type { ApiResult, CardApiClient, RateLimitState } from './types';

export interface ApiOutcome {
  kind: 'ok' | ErrorKind;
  status?: number;
}

export interface CardApiClientOptions {
  /** e.g. `https://api.example.com` or `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** Read from the keychain for every call; the client never keeps the key. */
  getKey: () => Promise<string | null>;
  /** Time limits (defaults in LIMITS below). */
  timeouts?: {
    /** One attempt: until the response headers arrive, connecting included. */
    headersMs?: number;
    /** One attempt: until the whole body has arrived. */
    totalMs?: number;
    /** One call: every attempt and the backoff between them (waits the server asks for come on top). */
    callMs?: number;
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
  /**
   * The way each request goes (its proxy, decided per request, and the environment's extra CAs). Default:
   * the proxy HTTPS_PROXY/HTTP_PROXY/NO_PROXY name, loopback always direct (see network-route.ts).
   */
  network?: NetworkResolver;
  /**
   * Reads large answers off the calling thread (answer-reader.ts). Default: main's shared reader on the
   * main thread, none on a worker thread; null reads every answer where it arrives.
   */
  answers?: AnswerReader | null;
}

/**
 * The limits of a call, stated once: an attempt gets 10 s for the answer's headers and 30 s for the whole
 * answer; a call (a GET's retries and their backoff included) gets 30 s in all. Messages quote these figures.
 */
export const LIMITS = { headersMs: 10_000, totalMs: 30_000, callMs: 30_000 } as const;

const DEFAULTS = {
  ...LIMITS,
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxWaitMs: 60_000,
};

export function createCardApiClient(options: CardApiClientOptions): CardApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const host = safeHost(baseUrl);
  const headersMs = options.timeouts?.headersMs ?? DEFAULTS.headersMs;
  const totalMs = options.timeouts?.totalMs ?? DEFAULTS.totalMs;
  const callMs = options.timeouts?.callMs ?? DEFAULTS.callMs;
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
    if (!key) return failure({ kind: 'unauthorized', message: NO_KEY, keyMissing: true });

    const attempts = op.method === 'GET' ? maxAttempts : 1;
    const started = performance.now();
    /** Time the server asked us to wait, which the call's own limit does not count. */
    let serverWaited = 0;
    const left = () => callMs - (performance.now() - started - serverWaited);
    // A write is never queued behind background work, whatever context it was made from; a batch's
    // writes go after an operator's calls.
    const priority = op.method === 'GET' ? currentPriority() : writePriority();
    for (let attempt = 1; ; attempt++) {
      // The budget's wait (its turn, a window's reset, a 429's wait) is not the call's own time.
      const heldFrom = performance.now();
      const permit = await budget.acquire(priority, { maxWaitMs, ...(signal ? { signal } : {}) });
      serverWaited += performance.now() - heldFrom;
      if (!isPermit(permit)) return failure(permit);
      const limits = { headersMs: Math.min(headersMs, left()), totalMs: Math.min(totalMs, left()) };
      let rate: RateLimitState | null = null;
      let limited: { waitMs: number | null } | null = null;
      const attemptWith = {
        ...attemptContext,
        ...limits,
        onRateLimit: (state: RateLimitState) => {
          rate = state;
        },
        onRateLimited: (waitMs: number | null) => {
          limited = { waitMs };
        },
      };
      let outcome: Awaited<ReturnType<typeof attemptOnce<T>>>;
      try {
        outcome = await attemptOnce(attemptWith, op, key, attempt, ctx, signal);
      } finally {
        settle(permit, rate, limited);
      }
      const gaveUp = () => afterTries(outcome.result, attempt, performance.now() - started);
      if (outcome.result.ok || !outcome.retryable) return outcome.result;
      if (attempt >= attempts) return gaveUp();
      const serverWait = outcome.serverWaitMs ?? 0;
      // Background work pauses for a long wait rather than failing; an operator is told at once.
      if (serverWait > maxWaitMs && priority !== 'background' && priority !== 'bulk') return outcome.result;
      // The budget holds the next attempt until a 429's wait has passed (and counts that wait as the server's);
      // the backoff spaces other failures.
      const delay = backoffDelayMs(attempt, baseDelayMs, maxDelayMs, random);
      // No try that would not get at least half its time for the headers before the call's limit.
      if (serverWait === 0 && delay + headersMs / 2 >= left()) return gaveUp();
      logger?.debug(
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

  /** The last failure of a call that tried more than once, its message telling how long and how often. */
  function afterTries<T>(result: ApiResult<T>, tries: number, elapsedMs: number): ApiResult<T> {
    if (result.ok || tries < 2 || (result.error.kind !== 'timeout' && result.error.kind !== 'network')) return result;
    const seconds = secondsText(elapsedMs);
    const message =
      result.error.kind === 'timeout'
        ? `The card service at ${host} did not answer: ${tries} tries in ${seconds} s, each waiting up to ${secondsText(headersMs)} s. Try again in a moment.`
        : `${result.error.message} (${tries} tries in ${seconds} s.)`;
    return { ...result, error: { ...result.error, message } };
  }

  /** Tells the budget what an attempt's answer said, or that none came. */
  function settle(
    permit: Parameters<RateBudget['release']>[0],
    rate: RateLimitState | null,
    limited: { waitMs: number | null } | null,
  ): void {
    if (rate || limited)
      budget.settle(permit, { rate, status: limited ? 429 : 200, retryAfterMs: limited?.waitMs ?? null });
    else budget.release(permit);
  }

  const attemptContext: AttemptContext = {
    baseUrl,
    headersMs,
    totalMs,
    send,
    network: options.network ?? environmentNetwork(),
    now,
    logger,
    onRateLimit: () => undefined,
    onRateLimited: () => undefined,
    answers: options.answers === undefined ? sharedAnswerReader() : options.answers,
  };

  return {
    baseUrl,
    ...operations(call),
    rateLimit: () => budget.state(),
    budget,
  };
}

/** 30000 → "30", 400 → "0.4", 1234 → "1.2". */
function secondsText(ms: number): string {
  return String(Math.round(ms / 100) / 10);
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
