// The programmatic face of the local sandbox: what the app, the harness and the tests use.
// The implementation lives beside this file (server.ts and friends); README.md describes its behaviour.

export type SandboxEndpoint =
  | 'GET /customers'
  | 'POST /cards'
  | 'POST /accounts'
  | 'POST /accounts/transfer/name-enquiry'
  | 'GET /cards/authorizations'
  | 'GET /accounts'
  | 'GET /cards/disputes'
  | 'GET /cards/:id/transactions'
  | 'GET /fundingsources'
  | 'GET /fundingsources/:id'
  | 'GET /cards/:id/balance';

export type FaultKind =
  | 'latency' // wait `ms`, then answer normally
  | 'status' // answer `status` (500, 502, 503, 402...) with an error envelope
  | 'rate_limit' // answer 429 with Retry-After `retryAfterSeconds`
  | 'reset' // destroy the socket before answering (request NOT processed)
  | 'hang' // never answer (until the client gives up)
  | 'malformed_json' // 200 with a body that is not JSON
  | 'wrong_envelope' // 200 with JSON that is not the envelope
  | 'drop_after_processing'; // process the request (state changes), then destroy the socket

export interface FaultRule {
  kind: FaultKind;
  /** Which endpoint; all endpoints when absent. */
  endpoint?: SandboxEndpoint;
  /** Apply to the next `count` matching requests (default: until cleared). */
  count?: number;
  /** Apply with this probability (0..1) to each matching request (default 1). */
  probability?: number;
  ms?: number;
  status?: number;
  /** The error envelope's message of a `status` fault (default: the status's usual words). */
  message?: string;
  retryAfterSeconds?: number;
}

export interface SandboxRequestLogEntry {
  at: string;
  method: string;
  /** Path with query, e.g. `/customers?page=0&limit=100`. */
  url: string;
  endpoint: SandboxEndpoint | null;
  /**
   * The status answered; 0 when nothing was answered (reset, hang). For drop_after_processing it is the
   * status the processed request would have had, although the client never received it.
   */
  status: number;
  /** Parsed JSON body of a POST (the sandbox never sees secrets in bodies). */
  body?: unknown;
  /** True when the Authorization header was present. The key itself is never logged. */
  authorized: boolean;
  fault?: FaultKind;
}

export interface SandboxOptions {
  /** 0 or absent: a free ephemeral port. Always listens on 127.0.0.1. */
  port?: number;
  seed?: number;
  /** Number of seeded customers (a handful to 1,000,000), generated on demand from (seed, index). */
  customers?: number;
  /** The API key to accept; generated when absent. */
  key?: string;
  /**
   * Rate limit per key: requests per window (default 600 per 60 s). `clock` (ms since the epoch, default
   * Date.now) lets a test move past the window's end without waiting for it.
   */
  rateLimit?: { limit: number; windowMs: number; clock?: () => number };
  /** Clock, for deterministic tests of dates and expiry rules. */
  now?: () => Date;
  /** The customer list's order by createdAt (default oldest first, as created). */
  customerOrder?: 'oldest-first' | 'newest-first';
  /** Enables the test-only control route (/__sandbox/...); off by default. */
  enableControlRoute?: boolean;
}

export interface SandboxHandle {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  key: string;
  faults: {
    /** Adds a rule (throws a RangeError naming the field when it is malformed). */
    add(rule: FaultRule): void;
    clear(): void;
  };
  /** Every request received, oldest first (the most recent 50,000; control-route calls are not logged). */
  requests(): readonly SandboxRequestLogEntry[];
  /**
   * Requests received and not yet answered: one delayed by a latency fault or held by `hang` counts until
   * it is answered or its client goes away. 0 once every request that reached the sandbox has been logged
   * with its status.
   */
  requestsInFlight(): number;
  clearRequests(): void;
  /**
   * Changes the rate limit while the sandbox runs (every key starts a fresh window under it): a benchmark
   * fills a cache unthrottled, then measures under a limit a real server has. Throws a RangeError naming the field.
   */
  setRateLimit(rule: { limit: number; windowMs: number }): void;
  /** Changes the customer list while the sandbox runs (for tests of re-syncs). */
  customers: {
    /** Creates `count` new customers (the newest: at the end of an oldest-first list, at the start of a newest-first one). */
    add(count: number): void;
    /** Deletes the newest `count` customers. */
    removeNewest(count: number): void;
    /** Changes the list's order (every page moves). */
    setOrder(order: 'oldest-first' | 'newest-first'): void;
    readonly count: number;
  };
  /**
   * The customer list's page buffers: how many were made since start, and how many wait free for reuse.
   * A sync reuses a few (one per page in flight) rather than leaving one a page to the garbage collector.
   */
  pageBuffers(): { made: number; free: number };
  /** Seeded facts the tests and the app's first-run hints rely on. */
  fixtures: SandboxFixtures;
  stop(): Promise<void>;
}

export interface SandboxFixtures {
  businessId: string;
  customerCount: number;
  /** A few customers' ids (the first ones generated). */
  sampleCustomerIds: string[];
  /** Bank accounts that name enquiry resolves. */
  bankAccounts: { bankCode: string; accountNumber: string; accountName: string }[];
  /** Funding sources: at least one active, at least one not active. */
  fundingSources: { id: string; status: string }[];
  /** Business settlement accounts (NGN and USD) usable as debitAccountId. */
  businessAccounts: { id: string; currency: string }[];
  /** Customer wallets (usable as debitAccountId for a card of that customer in that currency). */
  wallets: { id: string; customerId: string; currency: string }[];
  /** Seeded cards (with their customer) as they were at start-up; active ones appear in authorizations and transactions. */
  cards: { id: string; customerId: string; currency: string; status: string }[];
}
