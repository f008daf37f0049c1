// The store a sync writes to (sync/resync.ts's port), as messages to the cache worker: each call is an
// operation of the worker's (worker-protocol.ts), each stored page's notes counted by the sync's tally.
import { diskFullMessage } from '../store/cache-errors';
import { ownsBuffer } from '../store/freed-bytes';
import { DEFAULT_FULL_SWEEP_HOURS, parseShape } from '../sync/list-shape';
import type { FeedStorePort } from '../sync/feed-runner';
import type { ResyncStorePort } from '../sync/resync';
import type { UnreadableTally } from '../sync/unreadable-tally';
import { CacheWorkerError, type CacheWriter } from './cache-writer';

export function writerSyncStore(writer: CacheWriter, tally: UnreadableTally): ResyncStorePort {
  return {
    syncState: () => writer.call('syncState'),
    // The page's bytes are handed to the worker rather than copied when they own their whole buffer.
    storePage: async (page) =>
      tally.see(
        page.page,
        await writer.callTransferring(ownsBuffer(page.body) ? [page.body.buffer] : [], 'storePage', page),
      ),
    finishGeneration: (generation, at) => writer.call('finishGeneration', generation, at),
    markUnchanged: (at) => writer.call('markUnchanged', at),
    describeFailure: async (e) => {
      if (!(e instanceof CacheWorkerError && e.kind === 'full')) return null;
      const state = await writer.call('syncState');
      return diskFullMessage(state.customerCount, state.nextPage);
    },
    listShape: async () => {
      const stored = await writer.call('listShape');
      return {
        shape: parseShape(stored.shape),
        fullSweepHours: stored.fullSweepHours ?? DEFAULT_FULL_SWEEP_HOURS,
      };
    },
    beginIncremental: (generation, page, shape) =>
      writer.call('beginIncremental', generation, page, JSON.stringify(shape)),
    setListShape: (shape) => writer.call('setListShape', shape ? JSON.stringify(shape) : null),
  };
}

/** The store a feed's run writes to (sync/feed-runner.ts): the same pages, with the feed's numbers. */
export function writerFeedStore(writer: CacheWriter, tally: UnreadableTally): FeedStorePort {
  const store = writerSyncStore(writer, tally);
  return {
    syncState: () => store.syncState(),
    storePage: (page) => store.storePage(page),
    finishGeneration: (generation, at) => store.finishGeneration(generation, at),
    markUnchanged: (at) => store.markUnchanged(at),
    describeFailure: (e) => store.describeFailure?.(e) ?? Promise.resolve(null),
    feedSeq: () => writer.call('feedSeq'),
    beginFeed: (generation) => writer.call('beginFeed', generation),
  };
}
