// The cache benchmark's main process: a process that holds what Electron's main process holds for the
// customer cache and nothing of the benchmark runner (whose other benchmarks' modules and leftovers
// would count in its RSS). It syncs `customers` customers from the sandbox at `url`, then searches on
// this thread, directly and through the IPC dispatcher, and prints one JSON line with its figures (before
// it, with turns, the lines of turns.ts).
// Run by cache.bench.ts, bundled as the app is and without V8 flags as the app runs:
// `node cache-main.js '{"url","key","folder","customers","turns"}'`.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { getHeapSpaceStatistics } from 'node:v8';
import type { Customer } from '../../src-shared/api/records';
import type { SyncProgress } from '../../src-shared/ipc/channels/customers';
import { createCardApiClient } from '../../src-main/api/client';
import { customerHandlers } from '../../src-main/cache/handlers';
import { CACHE_FILE_NAME, openCustomerCache } from '../../src-main/cache/service';
import { CancelRegistry } from '../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../src-main/ipc/handler';
import { createDispatcher } from '../../src-main/ipc/register';
import { queriesFor } from './customer-queries';
import { TYPICAL_OF_PASSES, sortedMs, timePass, timeQueries, typicalOf } from './query-timing';
import { settle } from './settle';
import { TurnsInMain } from './turns';
import { testCacheKeys } from '../support/cache-keys';

/** Only the cache is read here, never the service's own customer list (customers.list). */
const noServiceReads = async (): Promise<never> => {
  throw new Error('customers.list is not read here');
};

const SAMPLED_CUSTOMERS = 60;
const ORIGIN = 'app://card-desk';

export interface CacheMainFigures {
  customers: number;
  syncSeconds: number;
  fileBytes: number;
  queries: string[];
  /** Each search's typical time (query-timing.ts, typicalOf) in ms, sorted. */
  direct: number[];
  /** The same searches with their texts, in the order asked. */
  directTimed: Array<{ query: string; ms: number }>;
  /** A single pass in the cache right after the settle (RSS sampled in it and the dispatcher's after it), in ms, sorted. */
  singlePass?: number[];
  /** Each search's typical time through the IPC dispatcher, sorted. */
  viaHandler: number[];
  /** The highest RSS while searching, once the process has settled after the sync (settle.ts). */
  rssBytes: number;
  /** The RSS right after the sync, before settling. */
  rssAfterSyncBytes: number;
  /** The RSS once every timed pass has run: thousands of searches in a row. */
  rssBusyBytes?: number;
  /** V8's young generation at the end of the passes RSS is sampled in. */
  youngGenerationBytes: number;
  /** The same once every timed pass has run. */
  youngGenerationBusyBytes?: number;
}

const {
  url,
  key,
  folder,
  customers,
  turns: withTurns = false,
} = JSON.parse(process.argv[2]!) as {
  url: string;
  key: string;
  folder: string;
  customers: number;
  /** Whether its timed passes take turns with the runner's (turns.ts). */
  turns?: boolean;
};
const file = join(folder, CACHE_FILE_NAME);
const api = createCardApiClient({ baseUrl: url, getKey: async () => key });
let last: SyncProgress | null = null;
const cache = await openCustomerCache({
  folder,
  environmentId: 'bench',
  keys: testCacheKeys,
  api,
  emit: (_name, p) => {
    last = p as SyncProgress;
  },
});
const ticker = setInterval(() => {
  if (last) console.error(`  syncing: ${last.pagesDone}/${last.totalPages ?? '?'} pages, ${last.ratePerSecond}/s`);
}, 10_000);
const t0 = performance.now();
const synced = await cache.sync();
const syncSeconds = (performance.now() - t0) / 1000;
clearInterval(ticker);
if (!synced.ok || synced.data.phase !== 'done') throw new Error(`sync did not finish: ${JSON.stringify(synced)}`);
// The file and its write-ahead log (emptied by the checkpoint that ends a sync).
const fileBytes = statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);

const rssAfterSyncBytes = await settle();

// Queries from a spread of stored customers.
const peek = new DatabaseSync(file, { readOnly: true });
const step = Math.max(1, Math.floor(customers / SAMPLED_CUSTOMERS));
const sampledIds = Array.from(
  { length: SAMPLED_CUSTOMERS },
  (_, i) => peek.prepare('SELECT id FROM customers WHERE seq = ?').get(1 + ((i * step + 7) % customers))?.id,
).filter((id): id is string => typeof id === 'string');
peek.close();
const sampled = (await Promise.all(sampledIds.map((id) => cache.get(id)))).filter((c): c is Customer => c !== null);
const queries = queriesFor(sampled);

// In the cache, on this thread (as on Electron's main thread), and through the IPC dispatcher: sender
// check, input validation, handler, and the structured clone IPC makes.
let rssBytes = process.memoryUsage().rss;
const sampleRss = () => (rssBytes = Math.max(rssBytes, process.memoryUsage().rss));
// The search the lists run (customers.search): as they show customers, read from the plain columns.
const search = (q: string) => cache.searchListed(q);
const dispatch = createDispatcher({
  handlers: customerHandlers({ getCache: async () => cache, getActive: noServiceReads }) as unknown as HandlerTable,
  allowedOrigins: [ORIGIN],
  cancels: new CancelRegistry(),
});
const sender = { frameUrl: `${ORIGIN}/index.html`, isTopFrame: true };
const viaDispatcher = async (q: string) => structuredClone(await dispatch('customers.search', sender, { query: q }));
const youngGeneration = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

// Settled: a pass to warm the page cache, then one in the cache and one through the dispatcher with RSS
// sampled. Only these: V8 grows its young generation after some thousands of searches in a row (4 to 8 MB
// or 8 to 16 MB here) and gives it back once the process is quiet, so later passes would measure a burst,
// not the settled process. The pass in the cache is reported as a single pass's figures.
await timeQueries(queries, search);
const singlePass = await timeQueries(queries, search, sampleRss);
await timeQueries(queries, viaDispatcher, sampleRss);
const youngGenerationBytes = youngGeneration();

// Each search's typical time (query-timing.ts, typicalOf): passes in the cache and through the dispatcher,
// each pair in its turn with the runner's linear scan when the runner asks for turns (turns.ts).
const turns = withTurns ? new TurnsInMain() : null;
turns?.ready(queries);
const directPasses: number[][] = [];
const handlerPasses: number[][] = [];
for (let pass = 0; pass < TYPICAL_OF_PASSES; pass++) {
  await turns?.take();
  // The runner's scan has just walked a gigabyte of strings, filling the CPU's caches with its own: the
  // first searches after it ran slower than any in the app would. One untimed pass first, as after the settle.
  if (turns) await timeQueries(queries, search);
  directPasses.push(await timePass(queries, search));
  handlerPasses.push(await timePass(queries, viaDispatcher));
  turns?.taken();
}
const directTimed = typicalOf(queries, directPasses);
const direct = sortedMs(directTimed);
const viaHandler = sortedMs(typicalOf(queries, handlerPasses));
const rssBusyBytes = process.memoryUsage().rss;
const youngGenerationBusyBytes = youngGeneration();
await cache.close();

const figures: CacheMainFigures = {
  customers: synced.data.customers,
  syncSeconds,
  fileBytes,
  queries,
  direct,
  directTimed,
  singlePass,
  viaHandler,
  rssBytes,
  rssAfterSyncBytes,
  rssBusyBytes,
  youngGenerationBytes,
  youngGenerationBusyBytes,
};
console.log(JSON.stringify(figures));
process.exit(0);
