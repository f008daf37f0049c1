// The cache's one door for the team room. Two things cross it: the feed of numbered customer changes a
// team database gives a desk's cache instead of the API (`CustomerFeed`, which core hands the cache), and
// the re-sync engine the team's syncer runs over the API into the team database (its store port, the page
// it is given, the list's shape and its progress). The team imports nothing else of the cache, so the
// cache's rooms can move behind this file.
export type { CustomerFeed, FeedChanges } from './service-contract';
export { runResync, type ResyncStorePort } from './sync/resync';
export { SyncProgressReporter } from './sync/sync-progress';
export type { SyncOutcome } from './sync/sync-runner';
export { PAGE_SIZE, type FetchedPage, type PageStored } from './sync/customer-page';
export { DEFAULT_FULL_SWEEP_HOURS, parseShape, type ListShape } from './sync/list-shape';
export type { SyncState } from './store/customer-store';
