// Which calls go first under the rate limit. A write or an operator's read is what someone is waiting
// for now; background work (customer sync, exports, known-card refresh, reconciliation) can pause.
// The priority travels with the async context, so a background job marks its calls once, where it
// takes its client, rather than at every call.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CardApiClient } from './types';

export type CallPriority = 'write' | 'operator' | 'bulk' | 'background';

/**
 * Lower goes first. `bulk`: the writes of a batch (issue from a file), after an operator's calls and
 * before background work, which waits while a batch runs.
 */
export const PRIORITY_RANK: Record<CallPriority, number> = { write: 0, operator: 1, bulk: 2, background: 3 };

const context = new AsyncLocalStorage<CallPriority>();

/** The priority of calls made from the current async context ('operator' unless marked). */
export function currentPriority(): CallPriority {
  return context.getStore() ?? 'operator';
}

/** Runs `work` with its API calls, writes included, marked as a batch's (see PRIORITY_RANK). */
export function inBulk<T>(work: () => T): T {
  return context.run('bulk', work);
}

/** The priority of a write made from the current async context: a batch's, or an operator's own. */
export function writePriority(): CallPriority {
  return context.getStore() === 'bulk' ? 'bulk' : 'write';
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
