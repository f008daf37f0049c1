// One attempt of a call: sends the request once, within its timeouts, and turns whatever happens into an
// ApiResult plus whether another attempt may help. The retry loop around it lives in client.ts.
import type { z } from 'zod';
import type { AppError } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { type AnswerReader, readBody } from './answer-reader';
import type { Envelope } from './envelope-reader';
import { logRecordNotes } from './record-notes-log';
import {
  CANCELLED,
  UNREADABLE_RESPONSE,
  classifyTransportFailure,
  errorForCancelledWrite,
  errorForOversizeAnswer,
  errorForStatus,
  errorForTimeout,
  errorForTransportFailure,
  errorForUndecidedWrite,
  errorForUnreadableWrite,
  provesRejection,
  type TransportContext,
} from './failures';
import { type Transport, TransportClosedError } from './http-transport';
import { errorForProxyAuth, errorForProxyRefusal, errorForProxySignIn } from './network-failures';
import type { NetworkResolver } from './network-resolver';
import { proxyName } from './network-route';
import { rateLimitedWaitMs, readRateLimit } from './rate-limit-headers';
import type { ApiResult, RateLimitState } from './types';

/** A 2xx body handed back as its bytes, unread (`data` is then a Uint8Array). */
export const BYTES = 'bytes';

export interface Operation<T> {
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

export interface AttemptOutcome<T> {
  result: ApiResult<T>;
  retryable: boolean;
  /** How long the server asked us to wait before the next try. */
  serverWaitMs?: number | null;
}

/** What an attempt needs from the client that makes it. */
export interface AttemptContext {
  baseUrl: string;
  headersMs: number;
  totalMs: number;
  send: Transport;
  /** The way a request to a URL goes (its proxy, its extra CAs), asked for every attempt. */
  network?: NetworkResolver | undefined;
  now: () => number;
  logger?: Logger | undefined;
  /** Rate-limit headers seen on an answer. */
  onRateLimit: (state: RateLimitState) => void;
  /** A 429 said to wait this long (null: it did not say). */
  onRateLimited: (waitMs: number | null) => void;
  /** Reads large answers off the calling thread (answer-reader.ts); none: every answer is read here. */
  answers?: AnswerReader | null | undefined;
}

export const failure = <T>(error: AppError, extra: { etag?: string } = {}): ApiResult<T> => ({
  ok: false,
  error,
  ...extra,
});

export async function attemptOnce<T>(
  client: AttemptContext,
  op: Operation<T>,
  key: string,
  attempt: number,
  callContext: TransportContext,
  signal?: AbortSignal,
): Promise<AttemptOutcome<T>> {
  /** The call's context, naming the proxy once this attempt's route is known. */
  let ctx = callContext;
  const { headersMs, totalMs, logger, now } = client;
  const started = performance.now();
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
  const log = (status: number | null, kind: string) => {
    const line = {
      method: op.method,
      path: op.path,
      status,
      ms: Math.round(performance.now() - started),
      attempt,
      outcome: kind,
    };
    // One line per attempt, for a developer following a call; the request's outcome is logged where it
    // ends (the IPC boundary, the sync, the journal).
    logger?.debug(line, 'api call');
  };
  const finish = (outcome: AttemptOutcome<T>, status: number | null): AttemptOutcome<T> => {
    log(status, outcome.result.ok ? 'ok' : outcome.result.error.kind);
    return outcome;
  };

  try {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${key}` };
    if (op.body !== undefined) headers['Content-Type'] = 'application/json';
    if (op.ifNoneMatch) headers['If-None-Match'] = op.ifNoneMatch;
    const url = `${client.baseUrl}${op.path}`;
    const network = client.network ? await client.network(url) : undefined;
    if (network?.route.kind === 'proxy') ctx = { ...ctx, proxy: proxyName(network.route) };
    const response = await (op.transport ?? client.send)(url, {
      method: op.method,
      headers,
      body: op.body === undefined ? undefined : JSON.stringify(op.body),
      signal: combined,
      redirect: 'manual',
      ...(network ? { network } : {}),
    });
    clearTimeout(headersTimer);
    const seenRateLimit = readRateLimit(response.headers, now());
    if (seenRateLimit) client.onRateLimit(seenRateLimit);
    const etag = response.headers.get('etag') ?? undefined;
    const withEtag = etag ? { etag } : {};

    if (response.status === 304 && op.ifNoneMatch) {
      await response.body?.cancel();
      return finish({ result: { ok: true, data: [] as T, notModified: true, ...withEtag }, retryable: false }, 304);
    }
    if (response.fromProxy && ctx.proxy && network?.route.kind === 'proxy') {
      // The proxy refused to pass the request on: nothing reached the service (a write was not sent).
      await response.body?.cancel();
      const via = { ...ctx, proxy: ctx.proxy };
      const { status } = response;
      const signIn = status === 407 || status === 401;
      const { route } = network;
      const outcome = response.proxySignIn;
      let error: AppError;
      if (!signIn) error = errorForProxyRefusal(status, via);
      else if (outcome && route.source) {
        error = errorForProxySignIn(via, { source: route.source, outcome });
        // A proxy the system chose wants a user name and password it has none (or wrong ones) for: ask the operator.
        const wanted = outcome.problems.some(
          (p) => p.scheme !== 'negotiate' && (p.reason === 'no_password' || p.reason === 'refused'),
        );
        if (route.source === 'system' && wanted) client.network?.signInWanted?.(route, outcome);
      } else error = errorForProxyAuth(via, route.password !== undefined, route.passwordUnreadable);
      return finish({ result: failure(error), retryable: !signIn && status >= 500 }, status);
    }
    const succeeded = response.status >= 200 && response.status < 300;
    if (succeeded && op.envelope === BYTES) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      return finish({ result: { ok: true, data: bytes as T, ...withEtag }, retryable: false }, response.status);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const schema = succeeded && op.envelope !== BYTES ? op.envelope : null;
    const { envelope: read, problem, body } = await readBody(bytes, schema, client.answers, combined);

    if (succeeded && op.envelope !== BYTES) {
      if (!read) {
        logger?.warn(
          {
            method: op.method,
            path: op.path,
            status: response.status,
            problem,
          },
          'api response unreadable',
        );
        // A write the service accepted (2xx) happened even if its answer is unreadable: never invite a resend.
        const error = ctx.write
          ? errorForUnreadableWrite(ctx, response.status)
          : { kind: 'server' as const, message: UNREADABLE_RESPONSE, status: response.status };
        return finish({ result: failure(error, withEtag), retryable: false }, response.status);
      }
      const { notes, ...answer } = read;
      if (notes) logRecordNotes(logger, { method: op.method, path: op.path }, notes);
      return finish({ result: { ok: true, ...answer, ...withEtag }, retryable: false }, response.status);
    }

    const serverWaitMs = response.status === 429 ? rateLimitedWaitMs(response.headers, now()) : null;
    if (response.status === 429) client.onRateLimited(serverWaitMs);
    let error = errorForStatus(response.status, { body: body ?? null, retryAfterMs: serverWaitMs, secret: key });
    if (ctx.write && !provesRejection(response.status, body))
      error = errorForUndecidedWrite(ctx, response.status, { body, secret: key });
    const retryable = response.status === 429 || response.status >= 500;
    return finish({ result: failure(error), retryable, serverWaitMs }, response.status);
  } catch (error) {
    if (signal?.aborted) {
      // Once a write has been handed to the transport it may have reached the server: cancelling cannot undo it.
      const e = ctx.write ? errorForCancelledWrite(ctx) : { kind: 'cancelled' as const, message: CANCELLED };
      return finish({ result: failure(e), retryable: false }, null);
    }
    const transport = classifyTransportFailure(error);
    // A certificate that failed is the answer even if the time ran out while it was being read for the message.
    const certificate = transport.phase === 'not_connected' && transport.tls;
    if (timedOutAfterMs !== null && !certificate)
      return finish({ result: failure(errorForTimeout(timedOutAfterMs, ctx)), retryable: true }, null);
    if (error instanceof TransportClosedError)
      return finish({ result: failure({ kind: 'internal', message: error.message }), retryable: false }, null);
    const oversize = errorForOversizeAnswer(error, ctx);
    if (oversize) return finish({ result: failure(oversize), retryable: false }, null);
    logger?.warn(
      { method: op.method, path: op.path, attempt, code: transport.code ?? null, phase: transport.phase },
      'api transport failure',
    );
    // The same certificate would be presented again: a failed check is not retried.
    return finish({ result: failure(errorForTransportFailure(transport, ctx)), retryable: !certificate }, null);
  } finally {
    clearTimeout(headersTimer);
    clearTimeout(totalTimer);
  }
}
