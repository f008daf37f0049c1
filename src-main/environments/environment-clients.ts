// One API client per environment, each with its own rate budget, made on first use and kept while the
// environment keeps its address. A client reads the key filed for its own address, per call: it never asks
// for another address's key, so an environment moved elsewhere sends nothing until a key is entered there.
import { createCardApiClient, type ApiOutcome, type CardApiClientOptions } from '../api/client';
import { RateBudget } from '../api/rate-budget';
import type { CardApiClient, RateLimitState } from '../api/types';
import type { Logger } from '../ports/ports';
import type { Transport } from '../api/http-transport';

export interface EnvironmentClientsDeps {
  logger: Logger;
  /** The environment's proxy and extra CAs (environment-network.ts). */
  networkFor: (id: string) => NonNullable<CardApiClientOptions['network']>;
  /** What each call's outcome tells the status bar (app-status.ts). */
  outcomeOf: (id: string) => (outcome: ApiOutcome) => void;
  /** Called when an environment's budget changes (calls wait for it, or it refills). */
  budgetChanged: (id: string) => void;
  client?: Pick<CardApiClientOptions, 'timeouts' | 'retry'>;
  transport?: Transport;
}

export class EnvironmentClients {
  private readonly clients = new Map<string, { baseUrl: string; api: CardApiClient; budget: RateBudget }>();

  constructor(private readonly deps: EnvironmentClientsDeps) {}

  /** The client of `id` at `baseUrl` (a new one when its address changed). */
  clientFor(id: string, baseUrl: string, getKey: () => Promise<string | null>): CardApiClient {
    const existing = this.clients.get(id);
    if (existing && existing.baseUrl === baseUrl) return existing.api;
    const { deps } = this;
    const budget = new RateBudget();
    const api = createCardApiClient({
      baseUrl,
      getKey,
      budget,
      logger: deps.logger,
      onOutcome: deps.outcomeOf(id),
      network: deps.networkFor(id),
      ...(deps.client?.timeouts ? { timeouts: deps.client.timeouts } : {}),
      ...(deps.client?.retry ? { retry: deps.client.retry } : {}),
      ...(deps.transport ? { transport: deps.transport } : {}),
    });
    this.clients.set(id, { baseUrl, api, budget });
    // The status bar follows the rate budget, also while calls wait for it.
    api.budget?.onChange(() => deps.budgetChanged(id));
    return api;
  }

  /** The request budget of `id` at `baseUrl` (its client's, made now if need be). */
  budgetFor(id: string, baseUrl: string, getKey: () => Promise<string | null>): RateBudget {
    this.clientFor(id, baseUrl, getKey);
    return this.clients.get(id)!.budget;
  }

  rateLimit(id: string): RateLimitState | null {
    return this.clients.get(id)?.api.rateLimit() ?? null;
  }

  /** Forgets an environment's client: it was deleted, or moved to another address. */
  forget(id: string): void {
    this.clients.delete(id);
  }
}
