// The cache worker: owns the cache's only write connection, so a long sync never blocks the thread
// that serves the window. Built as its own entry (out/main/cache-worker.js); see worker-location.ts.
import { parentPort, receiveMessageOnPort } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import { CacheUnavailableError, isCorruption, isDiskFull, messageOf } from './cache-errors';
import { CustomerStore, type PageWrite } from './customer-store';
import { moveAside, openWriter, unreadableNotice } from './database';
import type { OpenArgs, WorkerErrorKind, WorkerOps, WorkerReply, WorkerRequest } from './worker-protocol';

let db: DatabaseSync | null = null;
let store: CustomerStore | null = null;
let opened: OpenArgs | null = null;

function requireStore(): CustomerStore {
  if (!store) throw new Error('The customer cache is not open.');
  return store;
}

function closeDb(): void {
  db?.close();
  db = null;
  store = null;
}

const ops: WorkerOps = {
  open(args) {
    closeDb();
    const result = openWriter(args.file, { maxSizeBytes: args.maxSizeBytes });
    db = result.db;
    store = new CustomerStore(db);
    opened = args;
    return { notice: result.notice };
  },
  syncState: () => requireStore().syncState(),
  writePages: (pages) => requireStore().writePages(pages),
  finishGeneration(generation, at) {
    const finished = requireStore().finishGeneration(generation, at);
    try {
      requireStore().checkpoint();
    } catch {
      // Only tidies the log; SQLite checkpoints again on its own.
    }
    return finished;
  },
  markUnchanged: (at) => requireStore().markUnchanged(at),
  setSchedule: (minutes) => requireStore().setSchedule(minutes),
  recover(reason) {
    if (!opened) throw new Error('The customer cache is not open.');
    closeDb();
    const movedTo = moveAside(opened.file, new Date());
    const result = openWriter(opened.file, { maxSizeBytes: opened.maxSizeBytes });
    db = result.db;
    store = new CustomerStore(db);
    return { notice: unreadableNotice(movedTo, reason) };
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

const failed = (id: number, e: unknown): WorkerReply => ({ id, ok: false, kind: kindOf(e), message: messageOf(e) });

function handle(request: WorkerRequest): void {
  let reply: WorkerReply;
  try {
    const op = ops[request.op] as (...args: unknown[]) => unknown;
    reply = { id: request.id, ok: true, value: op(...request.args) };
  } catch (e) {
    reply = failed(request.id, e);
  }
  port!.postMessage(reply);
}

/** Page writes already waiting share one transaction (whole pages only), which costs far less per page. */
function handleWrites(batch: WorkerRequest[]): void {
  try {
    const written = requireStore().writeBatch(batch.map((r) => r.args[0] as PageWrite[]));
    batch.forEach((r, i) => port!.postMessage({ id: r.id, ok: true, value: written[i] } satisfies WorkerReply));
  } catch (e) {
    for (const r of batch) port!.postMessage(failed(r.id, e));
  }
}

port.on('message', (first: WorkerRequest) => {
  const queue = [first];
  while (queue.length > 0) {
    const request = queue.shift()!;
    if (request.op !== 'writePages') {
      handle(request);
      continue;
    }
    const batch = [request];
    while (batch.length < (opened?.maxPagesPerTransaction ?? 1)) {
      const next = receiveMessageOnPort(port)?.message as WorkerRequest | undefined;
      if (!next) break;
      if (next.op === 'writePages') batch.push(next);
      else {
        queue.push(next);
        break;
      }
    }
    handleWrites(batch);
  }
});
