// What every API request goes through before its route: the request log, fault injection, the body,
// authentication and the rate limit, in that order. Faults act before authentication, as a failing
// network or gateway would; drop_after_processing wraps everything after it.
import type { MiddlewareHandler } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { FaultRule } from '../handle';
import { DEFAULT_FAULT_STATUS, DEFAULT_RETRY_AFTER_SECONDS, type FaultInjector } from './faults';
import { endpointOf } from './endpoints';
import { JSON_CONTENT_TYPE, MESSAGES, fail } from './envelope';
import type { SandboxEnv } from './env';
import type { KeyCheck } from './auth';
import type { FixedWindowRateLimiter } from './rate-limit';
import type { RequestLog } from './request-log';

export const CONTROL_PREFIX = '/__sandbox/';
const MAX_BODY_BYTES = 1_000_000;

type Middleware = MiddlewareHandler<SandboxEnv>;
const isControl = (path: string) => path.startsWith(CONTROL_PREFIX);

export function recordRequests(log: RequestLog): Middleware {
  return async (c, next) => {
    if (isControl(c.req.path)) return next();
    const endpoint = endpointOf(c.req.method, c.req.path);
    const entry = log.start({
      method: c.req.method,
      url: c.env.incoming.url ?? c.req.path,
      endpoint,
      authorized: c.req.header('Authorization') !== undefined,
    });
    c.set('endpoint', endpoint);
    c.set('logEntry', entry);
    try {
      await next();
    } finally {
      log.end(entry, c.get('loggedStatus') ?? c.res.status);
    }
  };
}

const STATUS_MESSAGES: Record<number, string> = {
  402: 'Request Failed',
  500: MESSAGES.internal,
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** Requests held open by `hang` until the client gives up or the sandbox stops. */
export class HeldRequests {
  private readonly releases = new Set<() => void>();

  hold(socket: NodeJS.EventEmitter): Promise<Response> {
    return new Promise((resolve) => {
      const release = () => {
        this.releases.delete(release);
        socket.off('close', release);
        resolve(RESPONSE_ALREADY_SENT);
      };
      this.releases.add(release);
      socket.once('close', release);
    });
  }

  releaseAll(): void {
    for (const release of [...this.releases]) release();
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function injectFaults(faults: FaultInjector, held: HeldRequests): Middleware {
  return async (c, next) => {
    const decision = faults.decide(c.get('endpoint') ?? null);
    const entry = c.get('logEntry');
    if (decision.latencyMs > 0) {
      if (entry) entry.fault = 'latency';
      await sleep(decision.latencyMs);
    }
    const rule: FaultRule | undefined = decision.fault;
    if (!rule) return next();
    if (entry) entry.fault = rule.kind;
    const socket = c.env.incoming.socket;
    switch (rule.kind) {
      case 'status': {
        const status = rule.status ?? DEFAULT_FAULT_STATUS;
        return fail(c, status, rule.message ?? STATUS_MESSAGES[status] ?? 'Request failed');
      }
      case 'rate_limit':
        c.header('Retry-After', String(rule.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
        return fail(c, 429, MESSAGES.tooManyRequests);
      case 'reset':
        c.set('loggedStatus', 0);
        socket.destroy();
        return RESPONSE_ALREADY_SENT;
      case 'hang':
        c.set('loggedStatus', 0);
        return held.hold(socket);
      case 'malformed_json':
        return c.body('{"statusCode":200,"message":"OK","data":[{"_id":"', 200, { 'Content-Type': JSON_CONTENT_TYPE });
      case 'wrong_envelope':
        return c.body(JSON.stringify({ success: true, result: { items: [] } }), 200, {
          'Content-Type': JSON_CONTENT_TYPE,
        });
      case 'drop_after_processing': {
        await next();
        c.set('loggedStatus', c.res.status);
        socket.destroy();
        c.res = RESPONSE_ALREADY_SENT;
        return;
      }
      default:
        return next();
    }
  };
}

/** The body as text, or null once it passes `max` bytes (read no further). */
async function readLimited(req: Request, max: number): Promise<string | null> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads and parses a POST body once, for the route and the request log. */
export function readBody(): Middleware {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const text = await readLimited(c.req.raw, MAX_BODY_BYTES);
    if (text === null) return fail(c, 413, MESSAGES.tooLarge);
    let json: unknown;
    let isJson = false;
    try {
      json = JSON.parse(text);
      isJson = true;
    } catch {
      // Answered as "Request body must be JSON" by the route.
    }
    c.set('body', { text, json, isJson });
    const entry = c.get('logEntry');
    if (entry) entry.body = isJson ? json : text;
    return next();
  };
}

export function authenticate(keys: KeyCheck): Middleware {
  return async (c, next) => {
    if (!keys.accepts(c.req.header('Authorization'))) return fail(c, 401, MESSAGES.unauthorized);
    return next();
  };
}

export function limitRate(limiter: FixedWindowRateLimiter, key: string): Middleware {
  return async (c, next) => {
    if (isControl(c.req.path)) return next();
    const d = limiter.take(key);
    const resetSeconds = Math.ceil(d.resetAtMs / 1000);
    c.header('X-RateLimit-Limit', String(d.limit));
    c.header('X-RateLimit-Remaining', String(d.remaining));
    c.header('X-RateLimit-Reset', String(resetSeconds));
    if (!d.allowed) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(d.msToReset / 1000))));
      return fail(c, 429, MESSAGES.tooManyRequests);
    }
    return next();
  };
}
