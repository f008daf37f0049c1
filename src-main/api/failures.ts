// Every way a call can fail, as an AppError a back-office user understands. Pure functions: the
// client decides which applies, these decide what to say.
import { PROXY_CLOSED } from './proxy-tunnel';
import { readEnvelopeMessage } from '../../src-shared/api/envelope';
import { inOperatorWords } from '../../src-shared/api/field-words';
import type { AppError } from '../../src-shared/ipc/result';
import { ANSWER_TOO_LARGE, HEADERS_TOO_LARGE, MAX_ANSWER_BYTES, MAX_HEADER_BYTES } from './http-transport';
import { errorForCertificate, errorForProxyUnreachable, presentedIn } from './network-failures';
import type { PresentedCertificate } from './trust-store';
import { TLS_CODE, transportErrorCodes } from './transport-error-codes';

export const UNREADABLE_RESPONSE = 'The service sent a response Card Desk could not read.';
export const CANCELLED = 'The request was cancelled.';
export const NO_KEY = 'No API key is saved for this environment. Add one in Settings before using it.';

/** Replaces any copy of the key in text that came from elsewhere (a server message may echo it). */
export function scrubSecret(text: string, secret: string | null | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}

function serverMessage(body: unknown): { message: string; field?: string } | null {
  if (!body || typeof body !== 'object' || !('message' in body)) return null;
  const m = body.message;
  if (m === undefined || m === null || m === '') return null;
  return readEnvelopeMessage(m);
}

/** A service's rule messages ("a; b", each maybe naming its own field) in the words the forms use. */
function inFormWords(text: string, field: string | undefined): string {
  return text
    .split('; ')
    .map((part) => inOperatorWords(/^([A-Za-z_][A-Za-z0-9_.]*) (is|must|should|has)\b/.exec(part)?.[1] ?? field, part))
    .join('; ');
}

export interface StatusContext {
  /** Parsed JSON body, or null when the body was not JSON. */
  body: unknown;
  /** How long the server asked us to wait (429). */
  retryAfterMs?: number | null;
  secret?: string | null;
}

/** An error answer from the server (any status that is not 2xx or 304). */
export function errorForStatus(status: number, ctx: StatusContext): AppError {
  const said = serverMessage(ctx.body);
  const text = said ? scrubSecret(said.message, ctx.secret) : null;
  const field = said?.field;
  switch (true) {
    case status === 400 || status === 422: {
      // The service names its fields ("debitAccountId must be…"); the operator reads the form's words.
      const message = text ? inFormWords(text, field) : 'The service rejected the request as invalid.';
      return { kind: 'validation', message, status, ...(field ? { field, fields: { [field]: message } } : {}) };
    }
    case status === 401:
      return {
        kind: 'unauthorized',
        message: text ?? 'The service did not accept the API key. Check the key saved for this environment.',
        status,
      };
    case status === 403:
      return {
        kind: 'forbidden',
        message: text ?? 'The service does not allow this action with this API key.',
        status,
      };
    case status === 404:
      return { kind: 'not_found', message: text ?? 'The service could not find what was asked for.', status };
    case status === 409:
      return { kind: 'conflict', message: text ?? 'The service reported a conflict with the current state.', status };
    case status === 429: {
      const wait = ctx.retryAfterMs ?? null;
      const when = wait === null ? 'Wait a moment' : `Wait about ${Math.max(1, Math.ceil(wait / 1000))} s`;
      return {
        kind: 'rate_limited',
        message: `The service is receiving too many requests from this key. ${when} and try again.`,
        status,
        ...(wait === null ? {} : { retryAfterMs: wait }),
      };
    }
    case status === 402:
      return {
        kind: 'server',
        message: `The service could not complete the request (HTTP 402${text ? `: ${text}` : ''}).`,
        status,
      };
    case status >= 500:
      return {
        kind: 'server',
        message: `The card service had a problem (HTTP ${status}${text ? `: ${text}` : ''}). Try again in a moment.`,
        status,
      };
    case status >= 300 && status < 400:
      return {
        kind: 'server',
        message: `The service answered with a redirect (HTTP ${status}), which Card Desk does not follow. Check the environment's address.`,
        status,
      };
    default:
      return {
        kind: 'server',
        message: `The service answered with an unexpected status (HTTP ${status}${text ? `: ${text}` : ''}).`,
        status,
      };
  }
}

/** Error codes that mean no connection was made, so nothing was sent. */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_INVALID_ARG',
  'ERR_INVALID_URL',
  // The proxy closed the connection before it opened the tunnel: the request was never sent.
  PROXY_CLOSED,
]);

export type TransportFailure =
  /** No connection was made: nothing reached the server. */
  | {
      phase: 'not_connected';
      code?: string;
      tls: boolean;
      notFound: boolean;
      /** The certificate the server presented, when it failed the check. */
      presented?: PresentedCertificate | null;
    }
  /** The connection failed after it was made: the request may have been received. */
  | { phase: 'connection_lost'; code?: string };

export function classifyTransportFailure(error: unknown): TransportFailure {
  const codes = transportErrorCodes(error);
  const notConnected = codes.find((c) => NOT_CONNECTED_CODES.has(c) || TLS_CODE.test(c));
  if (notConnected) {
    return {
      phase: 'not_connected',
      code: notConnected,
      tls: TLS_CODE.test(notConnected),
      notFound: notConnected === 'ENOTFOUND' || notConnected === 'EAI_AGAIN',
      presented: presentedIn(error),
    };
  }
  return { phase: 'connection_lost', code: codes[0] };
}

export interface TransportContext {
  host: string;
  /** A write (POST /cards, POST /accounts): a lost connection leaves the outcome unknown. */
  write: boolean;
  /** What the write creates, e.g. "the card". */
  creates?: string;
  /** The proxy this attempt went through ("proxy.corp:8080"), when it went through one. */
  proxy?: string;
}

export function errorForTransportFailure(failure: TransportFailure, ctx: TransportContext): AppError {
  if (failure.phase === 'not_connected') {
    if (failure.tls) return errorForCertificate(failure.code, failure.presented ?? null, ctx);
    // Through a proxy the only connection made is the proxy's: not reaching it is the proxy's failure.
    if (ctx.proxy) return errorForProxyUnreachable(failure.code, { ...ctx, proxy: ctx.proxy });
    if (failure.notFound) {
      return {
        kind: 'network',
        message: `The address ${ctx.host} could not be found. Check your internet connection and the environment's address.`,
      };
    }
    return {
      kind: 'network',
      message: `Could not connect to the card service at ${ctx.host}. Check your internet connection and the environment's address.`,
    };
  }
  if (ctx.write) {
    return {
      kind: 'outcome_unknown',
      message: `The connection to ${ctx.host} was lost after Card Desk sent the request, so ${ctx.creates ?? 'the record'} may or may not have been created. Check before trying again.`,
    };
  }
  return {
    kind: 'network',
    message: `The connection to the card service at ${ctx.host}${ctx.proxy ? ` through the proxy ${ctx.proxy}` : ''} was lost before it answered. Check your internet connection and try again.`,
  };
}

export function errorForTimeout(ms: number, ctx: TransportContext): AppError {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (ctx.write) {
    return {
      kind: 'outcome_unknown',
      message: `The card service at ${ctx.host} did not answer within ${seconds} s after Card Desk sent the request, so ${ctx.creates ?? 'the record'} may or may not have been created. Check before trying again.`,
    };
  }
  return {
    kind: 'timeout',
    message: `The card service at ${ctx.host}${ctx.proxy ? ` (through the proxy ${ctx.proxy})` : ''} did not answer within ${seconds} s. Try again in a moment.`,
  };
}

/** The user cancelled a write while it was in flight: it may already have been received. */
export function errorForCancelledWrite(ctx: TransportContext): AppError {
  return {
    kind: 'outcome_unknown',
    message: `The request was cancelled after Card Desk sent it to ${ctx.host}, so ${ctx.creates ?? 'the record'} may or may not have been created. Check before trying again.`,
  };
}

/** The service accepted a write (2xx) but its answer could not be read: it most likely happened. */
export function errorForUnreadableWrite(ctx: TransportContext, status: number): AppError {
  return {
    kind: 'outcome_unknown',
    message: `The service accepted the request (HTTP ${status}) but sent an answer Card Desk could not read, so ${ctx.creates ?? 'the record'} was probably created. Check before trying again.`,
    status,
  };
}

/**
 * A write answered with something that does not prove it was turned down: any 5xx (a gateway may have
 * passed it on), a redirect, or a 4xx whose body could not be read. Only a readable 4xx is a refusal.
 */
export function errorForUndecidedWrite(
  ctx: TransportContext,
  status: number,
  answer: { body: unknown; secret?: string | null },
): AppError {
  const message = serverMessage(answer.body)?.message;
  const said = message ? scrubSecret(message, answer.secret) : null;
  return {
    kind: 'outcome_unknown',
    message: `The service answered HTTP ${status}${said ? ` (${said})` : ''} after Card Desk sent the request, so ${ctx.creates ?? 'the record'} may or may not have been created. Check before trying again.`,
    status,
  };
}

/** Whether an error answer to a write proves the write was turned down (a 4xx with a readable body). */
export function provesRejection(status: number, body: unknown): boolean {
  return status >= 400 && status < 500 && body !== undefined && body !== null;
}

/**
 * An answer past the transport's caps (its body over 16 MB decoded, or its headers over 16 KB), or null.
 * Not worth retrying: the service would send the same again. For a write the answer was lost, so its
 * outcome is unknown.
 */
export function errorForOversizeAnswer(error: unknown, ctx: TransportContext): AppError | null {
  const codes = transportErrorCodes(error);
  const what = codes.includes(ANSWER_TOO_LARGE)
    ? `an answer larger than ${MAX_ANSWER_BYTES / (1024 * 1024)} MB`
    : codes.includes(HEADERS_TOO_LARGE)
      ? `an answer with headers larger than ${MAX_HEADER_BYTES / 1024} KB`
      : null;
  if (!what) return null;
  if (ctx.write) {
    return {
      kind: 'outcome_unknown',
      message: `The service sent ${what} after Card Desk sent the request, so ${ctx.creates ?? 'the record'} may or may not have been created. Check before trying again.`,
    };
  }
  return { kind: 'server', message: `The service sent ${what}.` };
}
