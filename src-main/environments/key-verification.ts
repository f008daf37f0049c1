// Before a key is saved, one cheap read (GET /customers?limit=1) proves the service accepts it. The read
// is an operator's call in the environment's own request budget (it counts against the same rate limit
// and waits its turn like any other), sent with the key entered, to the address it was entered for only.
import type { AppError } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { createCardApiClient } from '../api/client';
import type { Transport } from '../api/http-transport';
import type { Network } from '../api/network-route';
import type { RateBudget } from '../api/rate-budget';

export type KeyVerdict =
  | { verdict: 'valid' }
  /** The service answered 401: the key is wrong. */
  | { verdict: 'rejected'; error: AppError }
  /** The service could not be asked (unreachable, failing, rate limited). */
  | { verdict: 'unverifiable'; error: AppError };

export interface VerifyKeyOptions {
  baseUrl: string;
  key: string;
  transport?: Transport;
  logger?: Logger;
  signal?: AbortSignal;
  timeouts?: { headersMs?: number; totalMs?: number };
  /** The environment's request budget; the check has one of its own when absent. */
  budget?: RateBudget;
  /** The way the check's request goes (the environment's proxy and extra CAs). */
  network?: ((url: string) => Promise<Network>) | undefined;
  /** Longest wait for the budget (a window's reset, a 429's wait) before the key counts as unverifiable. */
  maxWaitMs?: number;
}

export async function verifyKey(options: VerifyKeyOptions): Promise<KeyVerdict> {
  const client = createCardApiClient({
    baseUrl: options.baseUrl,
    getKey: async () => options.key,
    timeouts: options.timeouts ?? { headersMs: 10_000, totalMs: 15_000 },
    retry: { maxAttempts: 1, ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}) },
    ...(options.budget ? { budget: options.budget } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.network ? { network: options.network } : {}),
  });
  const result = await client.listCustomers({ limit: 1 }, options.signal ? { signal: options.signal } : {});
  if (result.ok) return { verdict: 'valid' };
  if (result.error.kind === 'unauthorized') return { verdict: 'rejected', error: result.error };
  return { verdict: 'unverifiable', error: result.error };
}

export interface VerifierSettings {
  logger: Logger;
  transport?: Transport | undefined;
  client?: { timeouts?: VerifyKeyOptions['timeouts']; retry?: { maxWaitMs?: number } } | undefined;
  /** The network of an environment, by id. */
  network?: (environmentId: string) => (url: string) => Promise<Network>;
}

/**
 * The check as the environments use it: each environment's own budget, the key entered and the address
 * it was entered for (never the environment's client, which reads the key filed for its address).
 */
export function keyVerifier(
  settings: VerifierSettings,
  budgetFor: (env: { id: string; baseUrl: string }) => RateBudget,
): (env: { id: string; baseUrl: string }, key: string, signal?: AbortSignal) => Promise<KeyVerdict> {
  const { transport, client } = settings;
  return (env, key, signal) =>
    verifyKey({
      baseUrl: env.baseUrl,
      key,
      logger: settings.logger,
      budget: budgetFor(env),
      ...(settings.network ? { network: settings.network(env.id) } : {}),
      ...(signal ? { signal } : {}),
      ...(transport ? { transport } : {}),
      ...(client?.timeouts ? { timeouts: client.timeouts } : {}),
      ...(client?.retry?.maxWaitMs !== undefined ? { maxWaitMs: client.retry.maxWaitMs } : {}),
    });
}
