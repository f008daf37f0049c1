// The card API client's interface: one method per operation of the spec. Implemented in client.ts.
import type {
  Account,
  Authorization,
  Balance,
  Card,
  Customer,
  Dispute,
  FundingSource,
  NameEnquiryResult,
  Transaction,
} from '../../src-shared/api/records';
import type {
  AccountsListQuery,
  AuthorizationsListQuery,
  CardTransactionsQuery,
  CreateAccountRequest,
  CreateCardRequest,
  NameEnquiryRequest,
  PageQuery,
} from '../../src-shared/api/requests';
import type { Result } from '../../src-shared/ipc/result';
import type { Transport } from './http-transport';

export interface CallOptions {
  /** Cancels the call (and any retry wait). */
  signal?: AbortSignal;
}
export interface ConditionalCallOptions extends CallOptions {
  /** The ETag of the last response for the same query; a 304 answers `notModified: true` with no data. */
  ifNoneMatch?: string;
  /** Sends this call through another transport (the customer cache sends a sync's pages from its worker). */
  transport?: Transport;
}

/** A Result plus what the HTTP layer learned. */
export type ApiResult<T> = Result<T> & {
  /** The response's ETag, when it had one. */
  etag?: string;
  /** True when the server answered 304 to `ifNoneMatch`; `data` is then an empty array. */
  notModified?: boolean;
};

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix milliseconds when the window resets. */
  resetAt: number;
}

/** What callers may read of the environment's request budget (rate-budget.ts). */
export interface RateBudgetView {
  state(): RateLimitState | null;
  /** When background work is waiting for the budget: when it resumes (Unix ms). */
  backgroundWait(): { resumesAt: number } | null;
  /** Background requests allowed before the next reset. */
  backgroundAvailable(): number;
  /** Background requests allowed per window, when known. */
  backgroundPerWindow(): number | null;
  /** Calls sent and not yet answered. */
  readonly sending: number;
  /** The window's length as far as seen (0 when unknown). */
  readonly windowLengthMs: number;
  /** Told whenever the budget's state or its waits change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Holds background work while a batch runs; returns the release. */
  holdBackground(): () => void;
  /** Resolves (true) once a call of this priority could go now, without taking its place; false when cancelled. */
  whenRoom(priority: 'bulk', signal?: AbortSignal): Promise<boolean>;
}

export interface CardApiClient {
  readonly baseUrl: string;
  /** The request budget the client's calls share (operators first, background work keeps a reserve). */
  readonly budget?: RateBudgetView;
  listCustomers(query: PageQuery, options?: ConditionalCallOptions): Promise<ApiResult<Customer[]>>;
  /**
   * GET /customers as listCustomers, but a 2xx body comes back unread, as its bytes (UTF-8 JSON), for a
   * reader on another thread to check and parse (the customer cache's worker reads a sync's pages, so the
   * calling thread never holds them as objects). Errors, retries, rate limits and 304 are as listCustomers.
   */
  listCustomersBytes(query: PageQuery, options?: ConditionalCallOptions): Promise<ApiResult<Uint8Array>>;
  createCard(request: CreateCardRequest, options?: CallOptions): Promise<ApiResult<Card>>;
  createAccount(request: CreateAccountRequest, options?: CallOptions): Promise<ApiResult<Account>>;
  nameEnquiry(request: NameEnquiryRequest, options?: CallOptions): Promise<ApiResult<NameEnquiryResult>>;
  listAuthorizations(query: AuthorizationsListQuery, options?: CallOptions): Promise<ApiResult<Authorization[]>>;
  listAccounts(query: AccountsListQuery, options?: CallOptions): Promise<ApiResult<Account[]>>;
  listDisputes(query: PageQuery, options?: CallOptions): Promise<ApiResult<Dispute[]>>;
  listCardTransactions(query: CardTransactionsQuery, options?: CallOptions): Promise<ApiResult<Transaction[]>>;
  listFundingSources(query: PageQuery, options?: CallOptions): Promise<ApiResult<FundingSource[]>>;
  getFundingSource(id: string, options?: CallOptions): Promise<ApiResult<FundingSource>>;
  getCardBalance(cardId: string, options?: CallOptions): Promise<ApiResult<Balance>>;
  /** The last rate-limit headers seen, or null. */
  rateLimit(): RateLimitState | null;
}
