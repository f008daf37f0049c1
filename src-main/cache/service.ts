// The per-environment customer cache: searches on a read-only connection of the calling thread (short
// enough not to need a thread: docs/benchmarks.md), writes in the cache worker, syncs on demand or on a
// schedule, one at a time. The two connections and recovery are CacheConnections
// (service-connections.ts), the syncs CacheSync (service-sync.ts).
import { join } from 'node:path';
import type { Customer } from '../../src-shared/api/records';
import type {
  CacheStatus,
  CustomerBrowseInput,
  CustomerBrowseResult,
  CustomerSearchResult,
  SyncProgress,
} from '../../src-shared/ipc/channels/customers';
import type { Result } from '../../src-shared/ipc/result';
import { errorMessage } from '../errors/error-message';
import type { CustomerReader } from './store/customer-reader';
import type { ExactFound, ExactKeys } from './store/exact-lookup';
import { markOpened } from './store/retention';
import { planSearch } from './search/search-plan';
import { DEFAULT_FULL_SWEEP_HOURS, parseShape } from './sync/list-shape';
import { storedShapeOf } from './sync/list-shape-store';
import { SyncSchedule } from './sync/sync-schedule';
import { CacheConnections } from './service-connections';
import { CacheSync } from './service-sync';
import type { CustomerCacheOptions, CustomerCacheService, SyncOptions } from './service-contract';

export type { CustomerCacheOptions, CustomerCacheService, CustomerFeed, SyncOptions } from './service-contract';

export const CACHE_FILE_NAME = 'customers.sqlite';
export const DEFAULT_SEARCH_LIMIT = 50;

export async function openCustomerCache(options: CustomerCacheOptions): Promise<CustomerCacheService> {
  const cache = new SqliteCustomerCache(options);
  await cache.start();
  return cache;
}

class SqliteCustomerCache implements CustomerCacheService {
  readonly environmentId: string;
  readonly file: string;
  private readonly now: () => Date;
  private readonly schedule: SyncSchedule;
  private readonly connections: CacheConnections;
  private readonly syncs: CacheSync;

  constructor(private readonly options: CustomerCacheOptions) {
    this.environmentId = options.environmentId;
    this.file = join(options.folder, CACHE_FILE_NAME);
    this.now = options.now ?? (() => new Date());
    this.schedule = new SyncSchedule(() => void this.sync(), options.minuteMs);
    this.connections = new CacheConnections(options, this.file, {
      scheduleMinutes: () => this.schedule.minutes,
      recovered: () => {
        this.options.onSynced?.(null);
        this.syncs.rebuild();
      },
      writerHeld: () => this.syncs.holdsWriter,
    });
    this.syncs = new CacheSync({
      options,
      now: this.now,
      connections: this.connections,
      tellSynced: () => this.tellSynced(),
    });
  }

  async start(): Promise<void> {
    const { connections } = this;
    await connections.startWriter();
    markOpened(this.file, this.now()); // for the retention period (retention.ts)
    const keysNotice = this.options.keys.notice;
    if (keysNotice) connections.setNotice(connections.notice ? `${keysNotice} ${connections.notice}` : keysNotice);
    const reader = connections.openReader();
    this.schedule.set(reader.meta().scheduleMinutes);
    this.tellSynced();
    if (connections.notice) this.syncs.rebuild();
    else connections.buildNamePairs();
  }

  search(query: string, limit = DEFAULT_SEARCH_LIMIT): Promise<CustomerSearchResult> {
    return this.find(query, limit, false);
  }

  searchListed(query: string, limit = DEFAULT_SEARCH_LIMIT): Promise<CustomerSearchResult> {
    return this.find(query, limit, true);
  }

  private find(query: string, limit: number, listed: boolean): Promise<CustomerSearchResult> {
    const plan = planSearch(query);
    return this.connections.read((reader) => {
      const page = reader.search(plan, limit, listed);
      return { results: page.customers, total: page.total, totalCapped: page.totalCapped, ...this.age(reader) };
    });
  }

  browse(input: CustomerBrowseInput): Promise<CustomerBrowseResult> {
    return this.connections.read((reader) => {
      const page = reader.browse(input);
      return {
        results: page.customers,
        total: page.total,
        offset: page.offset,
        ...(page.nameOrderPending ? { nameOrderPending: true } : {}),
        ...this.age(reader),
      };
    });
  }

  private age(reader: CustomerReader): { cacheAgeMs: number | null; lastSyncedAt: string | null } {
    const lastSyncedAt = reader.lastSyncedAt();
    return {
      cacheAgeMs: lastSyncedAt ? Math.max(0, this.now().getTime() - Date.parse(lastSyncedAt)) : null,
      lastSyncedAt,
    };
  }

  get(id: string): Promise<Customer | null> {
    return this.connections.read((reader) => reader.get(id));
  }

  findExact(keys: ExactKeys): Promise<ExactFound> {
    return this.connections.read((reader) => reader.findExact(keys));
  }

  sync(options: SyncOptions = {}): Promise<Result<SyncProgress>> {
    return this.syncs.sync(options);
  }

  private tellSynced(): void {
    const { reader } = this.connections;
    if (!this.options.onSynced || !reader) return;
    try {
      this.options.onSynced(reader.meta().lastSyncedAt);
    } catch (e) {
      this.options.logger?.warn({ error: errorMessage(e) }, 'could not read when the customer cache was synced');
    }
  }

  cancelSync(): boolean {
    return this.syncs.cancel();
  }

  async status(): Promise<CacheStatus> {
    const meta = await this.connections.read((reader) => reader.meta());
    const sweep = await this.fullSweep();
    return {
      environmentId: this.environmentId,
      customers: meta.customerCount,
      lastSyncedAt: meta.lastSyncedAt,
      syncing: this.syncs.syncing,
      resumeFromPage: meta.nextPage,
      scheduleMinutes: meta.scheduleMinutes,
      ...sweep,
      notice: this.connections.notice,
    };
  }

  /**
   * The full-sweep setting and when the last sweep completed, read on the read-only connection: asking the
   * status never wakes a resting worker.
   */
  private async fullSweep(): Promise<{ fullSweepHours: number; lastFullSweepAt: string | null }> {
    try {
      const stored = await this.connections.read((reader) => storedShapeOf((key) => reader.metaValue(key)));
      return {
        fullSweepHours: stored.fullSweepHours ?? DEFAULT_FULL_SWEEP_HOURS,
        lastFullSweepAt: parseShape(stored.shape)?.lastFullSweepAt ?? null,
      };
    } catch {
      return { fullSweepHours: DEFAULT_FULL_SWEEP_HOURS, lastFullSweepAt: null };
    }
  }

  async setFullSweepHours(hours: number): Promise<CacheStatus> {
    if (!Number.isInteger(hours) || hours < 1) throw new RangeError('hours must be a whole number of 1 or more');
    await (await this.connections.liveWriter()).call('setFullSweepHours', hours);
    return this.status();
  }

  async setSchedule(minutes: number): Promise<CacheStatus> {
    if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError('minutes must be a whole number of 0 or more');
    await (await this.connections.liveWriter()).call('setSchedule', minutes);
    this.schedule.set(minutes);
    return this.status();
  }

  async close(): Promise<void> {
    if (this.connections.closed) return;
    this.connections.beginClosing(); // no new sync, no rebuild from here on
    this.schedule.stop();
    this.cancelSync();
    await this.syncs.stopped();
    await this.connections.close();
  }
}
