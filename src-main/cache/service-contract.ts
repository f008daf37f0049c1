// What the customer cache service is opened with and what it offers (service.ts builds it).
import type { Customer } from '../../src-shared/api/records';
import type {
  CacheStatus,
  CustomerBrowseInput,
  CustomerBrowseResult,
  CustomerSearchResult,
  SyncProgress,
} from '../../src-shared/ipc/channels/customers';
import type { Result } from '../../src-shared/ipc/result';
import type { CardApiClient } from '../api/types';
import type { Emit, Logger } from '../ports/ports';
import type { LoadedCacheKeys } from './store/cache-keys';
import type { ExactFound, ExactKeys } from './store/exact-lookup';
import type { CustomerFeed } from './sync/feed-runner';

export type { CustomerFeed, FeedChanges } from './sync/feed-runner';

export interface CustomerCacheOptions {
  /** The environment's own folder, e.g. `<dataDir>/environments/<id>`; the cache file goes in it. */
  folder: string;
  environmentId: string;
  /** The cache's keys, read from the keychain by the caller (cache-keys.ts); held in memory only. */
  keys: LoadedCacheKeys;
  api: Pick<CardApiClient, 'listCustomersBytes' | 'budget'>;
  emit: Emit;
  logger?: Logger;
  /** The worker's file: the built `cache-worker.js`, or `worker.ts` (run through tsx). Default: beside this module. */
  workerUrl?: URL | string;
  /** Caps the cache file's size; a sync past it fails as on a full disk. */
  maxSizeBytes?: number;
  /** Pages requested at once during a sync (default DEFAULT_PAGE_CONCURRENCY, sync-runner.ts). */
  pageConcurrency?: number;
  /**
   * Whole pages that arrive while the worker is writing share its next transaction, up to this many
   * (default DEFAULT_PAGES_PER_TRANSACTION, page-batch.ts; 1 gives every page a transaction of its own). Each
   * transaction still holds whole pages and the resume point after the last, so nothing changes for consistency
   * or resuming; fewer, larger transactions make a sync cheaper for the worker (docs/cache-design.md).
   */
  maxPagesPerTransaction?: number;
  /** How long the cache worker stays idle before it rests (default REST_AFTER_MS, threads/writer-rest.ts). */
  writerRestMs?: number;
  /** Counting stops here; `totalCapped` says when it did (default 1000). */
  countCap?: number;
  /** Minimum time between paging progress events (default 100 ms). */
  progressIntervalMs?: number;
  now?: () => Date;
  /** Length of a schedule minute (tests shorten it). */
  minuteMs?: number;
  /**
   * The feed that fills the cache instead of the API's pages, asked at each sync: while it answers one
   * (a team database fills the environment's caches), a sync reads its changes and requests no page of
   * the API. Null or absent: the cache pages the API.
   */
  feed?: () => CustomerFeed | null;
  /** Told when the cache's freshness changes: at open, after each completed sync, after a rebuild (null). */
  onSynced?: (lastSyncedAt: string | null) => void;
}

export interface SyncOptions {
  /** A full sweep: refetch everything from page 0, ignoring the ETag and any interrupted sync. */
  full?: boolean;
}

export interface CustomerCacheService {
  readonly environmentId: string;
  readonly file: string;
  /** The customers a search finds, whole: each one's sealed record opened (exports, matching a file's rows). */
  search(query: string, limit?: number): Promise<CustomerSearchResult>;
  /**
   * The same customers as the lists show them (`customers.search`): name, email, phone, KYC state, creation
   * time and id, read from the plain columns without opening a record (store/listed-customer.ts).
   */
  searchListed(query: string, limit?: number): Promise<CustomerSearchResult>;
  /** A page of all cached customers, sorted and filtered (see CustomerReader.browse). */
  browse(input: CustomerBrowseInput): Promise<CustomerBrowseResult>;
  get(id: string): Promise<Customer | null>;
  /**
   * Every customer one of these ids, emails, national phone numbers or BVN/NINs names exactly, each once, as
   * the lists show them: the customers of a whole file in a few statements (store/exact-lookup.ts), with the
   * BVN/NIN each was found by.
   */
  findExact(keys: ExactKeys): Promise<ExactFound>;
  /** Starts a sync, or joins the one running; resolves with its last progress. */
  sync(options?: SyncOptions): Promise<Result<SyncProgress>>;
  /** Cancels the running sync; false when none runs. */
  cancelSync(): boolean;
  status(): Promise<CacheStatus>;
  /** Minutes between scheduled syncs (0 = only on demand); persisted in the cache. */
  setSchedule(minutes: number): Promise<CacheStatus>;
  /** Hours between full sweeps (at least 1); the syncs between them fetch only what changed. */
  setFullSweepHours(hours: number): Promise<CacheStatus>;
  close(): Promise<void>;
}
