// The cache worker: owns the cache's only write connection, so a long sync never blocks the thread
// that serves the window. Bundled on its own, self-contained (out/main/cache-worker.js); see worker-location.ts.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import { CacheUnavailableError, isCorruption, isDiskFull } from '../store/cache-errors';
import { errorMessage } from '../../errors/error-message';
import type { FetchedPage } from '../sync/customer-page';
import { CustomerStore } from '../store/customer-store';
import { keepNewestCorruptCopy } from '../../storage/set-aside';
import { moveAside, openWriter, unreadableNotice } from '../store/database';
import { completeFirstFill } from '../store/first-fill';
import { buildNamePairs } from '../search/name-pairs-index';
import { PageBatch } from '../sync/page-batch';
import { PageReaderClient } from './page-reader-client';
import { PAGE_READER_ROLE } from './page-reader-protocol';
import {
  beginFeed,
  beginIncremental,
  readStoredShape,
  writeFullSweepHours,
  writeShape,
} from '../sync/list-shape-store';
import { transportErrorCodes } from '../../api/transport-error-codes';
import { RecordSeal } from '../store/record-seal';
import { releaseMemory } from './release-memory';
import type { OpenArgs, WorkerErrorKind, WorkerOps, WorkerReply, WorkerRequest } from './worker-protocol';

let db: DatabaseSync | null = null;
let store: CustomerStore | null = null;
let opened: OpenArgs | null = null;
let seal: RecordSeal | null = null;
/** Reads synced pages on the page reader's thread, while a sync runs (see CacheWriter.endSync). */
let readerClient: PageReaderClient | null = null;
/**
 * This file runs as the cache worker or as the page reader (page-reader-thread.ts), which CacheWriter
 * starts for a sync with a channel to the worker (the reader gets its end in workerData, the worker
 * through attachReader).
 */
const data = (workerData ?? {}) as { role?: string; writer?: MessagePort };

function requireStore(): CustomerStore {
  if (!store) throw new Error('The customer cache is not open.');
  return store;
}

function requireDb(): DatabaseSync {
  if (!db) throw new Error('The customer cache is not open.');
  return db;
}

/**
 * Completes the first sync's deferred index upkeep, if any (first-fill.ts). A failure (a full disk)
 * leaves the list in arrival order until the next try, after the next sync or at opening.
 */
function completeFill(): void {
  try {
    if (db) completeFirstFill(db);
  } catch {
    // The list stays in the order customers arrived; nothing is lost.
  }
}

function closeDb(): void {
  db?.close();
  db = null;
  store = null;
}

/** Every operation but storePage (taken in batches, see PageBatch). */
const ops: Omit<WorkerOps, 'storePage'> = {
  open(args) {
    closeDb();
    seal = new RecordSeal(args.keys);
    const result = openWriter(args.file, seal, { maxSizeBytes: args.maxSizeBytes });
    db = result.db;
    store = new CustomerStore(db, seal);
    opened = args;
    readerClient?.open(args.file, args.keys);
    completeFill();
    return { notice: result.notice };
  },
  attachReader(readerPort) {
    readerClient = new PageReaderClient(readerPort);
    if (opened) readerClient.open(opened.file, opened.keys);
  },
  syncState: () => requireStore().syncState(),
  feedSeq: () => requireStore().feedSeq(),
  finishGeneration(generation, at) {
    const finished = requireStore().finishGeneration(generation, at);
    // The cache is whole again: of the damaged copies set aside before, only the newest is kept.
    try {
      if (opened) keepNewestCorruptCopy(opened.file);
    } catch {
      // A copy that cannot be removed now is removed after the next sync.
    }
    completeFill();
    try {
      requireStore().reclaimFreePages();
      requireStore().checkpoint();
      // The page cache and what building the indexes used go back to the allocator.
      requireDb().exec('PRAGMA shrink_memory');
    } catch {
      // Only tidies the indexes, the log and memory; SQLite merges and checkpoints again on its own.
    }
    return finished;
  },
  markUnchanged: (at) => requireStore().markUnchanged(at),
  setSchedule: (minutes) => requireStore().setSchedule(minutes),
  listShape: () => readStoredShape(requireDb()),
  setListShape: (shape) => writeShape(requireDb(), shape),
  setFullSweepHours: (hours) => writeFullSweepHours(requireDb(), hours),
  beginIncremental: (generation, page, shape) => beginIncremental(requireDb(), generation, page, shape),
  beginFeed: (generation) => beginFeed(requireDb(), generation),
  recover(reason) {
    if (!opened || !seal) throw new Error('The customer cache is not open.');
    closeDb();
    const movedTo = moveAside(opened.file, new Date());
    const result = openWriter(opened.file, seal, { maxSizeBytes: opened.maxSizeBytes });
    db = result.db;
    store = new CustomerStore(db, seal);
    readerClient?.open(opened.file, opened.keys);
    return { notice: unreadableNotice(movedTo, reason) };
  },
  buildNamePairs: () => buildNamePairs(requireDb()),
  releaseMemory: async () => {
    await releaseMemory();
  },
  close: closeDb,
};

function kindOf(e: unknown): WorkerErrorKind {
  if (isCorruption(e)) return 'corrupt';
  if (isDiskFull(e)) return 'full';
  if (e instanceof CacheUnavailableError) return 'unavailable';
  return 'other';
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread.');

const failed = (id: number, e: unknown): WorkerReply => {
  // A failed HTTP request's codes (ECONNREFUSED, ECONNRESET...) tell the client what went wrong.
  const codes = transportErrorCodes(e);
  return { id, ok: false, kind: kindOf(e), message: errorMessage(e), ...(codes.length > 0 ? { codes } : {}) };
};

function handle(request: WorkerRequest): void {
  let value: unknown;
  try {
    const op = ops[request.op as keyof typeof ops] as (...args: unknown[]) => unknown;
    value = op(...request.args);
  } catch (e) {
    port!.postMessage(failed(request.id, e));
    return;
  }
  if (value instanceof Promise) {
    value.then(
      (v: unknown) => port!.postMessage({ id: request.id, ok: true, value: v } satisfies WorkerReply),
      (e: unknown) => port!.postMessage(failed(request.id, e)),
    );
  } else {
    port!.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply);
  }
}

/** Serves the cache service: pages being stored are committed before anything else touches the cache. */
function serveCache(port: MessagePort): void {
  const pages = new PageBatch({
    store: requireStore,
    maxPages: () => opened?.maxPagesPerTransaction ?? 1,
    read: (page, body) =>
      readerClient ? readerClient.read(page, body) : Promise.reject(new Error('The page reader is not running.')),
    answer: (id, value) => port.postMessage({ id, ok: true, value } satisfies WorkerReply),
    fail: (id, e) => port.postMessage(failed(id, e)),
    idle: () => {
      store?.endBulk();
      completeFill();
      try {
        store?.indexWaitingEmails();
      } catch {
        // A full disk: email search reads the waiting rows themselves until a later try succeeds.
      }
    },
  });

  port.on('message', (request: WorkerRequest) => {
    if (request.op === 'storePage') {
      void pages.add(request.id, request.args[0] as FetchedPage);
      return;
    }
    // Pages still being read belong to the cache as it was opened: they are not stored in another.
    if (request.op === 'close' || request.op === 'open' || request.op === 'recover') pages.close();
    else pages.commit();
    store?.endBulk();
    handle(request);
  });
}

if (data.role === PAGE_READER_ROLE) {
  if (!data.writer) throw new Error('The page reader needs its port to the cache worker.');
  // Loaded in the reader's thread only: the worker's thread, alive as long as the cache is open, never
  // loads the reader's code and the answer schemas it checks pages with (memory it would keep all along).
  const { runPageReader } = await import('./page-reader-thread');
  runPageReader(port, data.writer);
} else {
  serveCache(port);
}
