// The messages between the cache service (calling thread) and the cache worker (write connection).
import type { MessagePort } from 'node:worker_threads';
import type { FetchedPage, PageStored } from '../sync/customer-page';
import type { SyncState } from '../store/customer-store';
import type { StoredShape } from '../sync/list-shape-store';
import type { Network } from '../../api/network-route';
import type { CacheKeys } from '../store/record-seal';

export interface OpenArgs {
  file: string;
  /** The cache's keys, from the keychain: handed over in this message only, held in the worker's memory. */
  keys: CacheKeys;
  maxSizeBytes?: number;
  /** Pages already waiting to be stored when one is taken share its transaction, up to this many (default 1). */
  maxPagesPerTransaction?: number;
}
export interface Opened {
  /** Set when the file was unreadable and was replaced by a fresh cache. */
  notice: string | null;
}

/** An HTTP request the page reader sends for the calling thread (see CacheWriter.transport). */
export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The way it goes (direct or its proxy) and the extra CAs it trusts, as the client decided. */
  network?: Network;
}

/** What the worker can do; each method runs in the worker and answers one request (a promise is awaited). */
export interface WorkerOps {
  open(args: OpenArgs): Opened;
  /** The worker's end of the channel to a newly started page reader (page-reader-thread.ts). */
  attachReader(port: MessagePort): void;
  syncState(): SyncState;
  /** The last change of a feed the cache holds (service-feed.ts); null when no feed filled it. */
  feedSeq(): number | null;
  /** Reads a fetched page and stores its customers with the resume point after it; an unreadable page stores nothing. */
  storePage(page: FetchedPage): PageStored;
  finishGeneration(generation: number, at: string): { pruned: number; customerCount: number };
  markUnchanged(at: string): void;
  setSchedule(minutes: number): void;
  /** The list's shape and the full-sweep setting (list-shape-store.ts). */
  listShape(): StoredShape;
  setListShape(shape: string | null): void;
  setFullSweepHours(hours: number): void;
  /** Starts an incremental re-sync of the complete sync `generation` at `page`, with its pending shape. */
  beginIncremental(generation: number, page: number, shape: string): void;
  /** Starts a feed's run in the complete sync `generation`, at page 0 (list-shape-store.ts). */
  beginFeed(generation: number): void;
  /** Builds the name pairs an upgrade left pending (name-pairs-index.ts); true when it ran. */
  buildNamePairs(): boolean;
  /** After a sync: a memory-reducing collection of the worker's heap (see release-memory.ts). */
  releaseMemory(): Promise<void>;
  /** Moves the (damaged) file aside and starts a fresh cache; returns the notice for the user. */
  recover(reason: string): Opened;
  close(): void;
}
export type OpName = keyof WorkerOps;

/** Which cache failure a worker error was, so the caller can react (rebuild, report a full disk). */
export type WorkerErrorKind = 'corrupt' | 'full' | 'unavailable' | 'other';

export interface WorkerRequest {
  id: number;
  op: OpName;
  args: unknown[];
}
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; kind: WorkerErrorKind; message: string; codes?: string[] };
