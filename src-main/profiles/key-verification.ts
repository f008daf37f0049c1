// Before a key is saved, one cheap read (GET /customers?limit=1) proves the service accepts it.
import type { AppError } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { createCardApiClient } from '../api/client';
import type { Transport } from '../api/http-transport';

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
}

export async function verifyKey(options: VerifyKeyOptions): Promise<KeyVerdict> {
  const client = createCardApiClient({
    baseUrl: options.baseUrl,
    getKey: async () => options.key,
    timeouts: options.timeouts ?? { headersMs: 10_000, totalMs: 15_000 },
    retry: { maxAttempts: 1 },
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const result = await client.listCustomers({ limit: 1 }, options.signal ? { signal: options.signal } : {});
  if (result.ok) return { verdict: 'valid' };
  if (result.error.kind === 'unauthorized') return { verdict: 'rejected', error: result.error };
  return { verdict: 'unverifiable', error: result.error };
}
