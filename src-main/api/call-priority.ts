// Which calls go first under the rate limit. A write or an operator's read is what someone is waiting
// for now; background work (customer sync, exports, known-card refresh, reconciliation) can pause.
// The priority travels with the async context, so a background job marks its calls once, where it
// takes its client, rather than at every call.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CardApiClient } from './types';

export type CallPriority = 'write' | 'operator' | 'background';

/** Lower goes first. */
export const PRIORITY_RANK: Record<CallPriority, number> = { write: 0, operator: 1, background: 2 };

const context = new AsyncLocalStorage<CallPriority>();

/** The priority of calls made from the current async context ('operator' unless marked). */
export function currentPriority(): CallPriority {
  return context.getStore() ?? 'operator';
}

/** Runs `work` with its API calls marked as background work. */
export function inBackground<T>(work: () => T): T {
  return context.run('background', work);
}

/**
 * The same client, every call of which is background work; writes stay writes (a write is never queued
 * behind background work).
 */
export function backgroundClient<T extends Partial<CardApiClient>>(api: T): T {
  return new Proxy(api, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || name === 'rateLimit') return value;
      return (...args: unknown[]) => inBackground(() => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}
