// The page reader's thread: the cache worker's file run in another role, started beside the worker by
// CacheWriter. It sends the sync's HTTP requests for the calling thread (on its own port, so an answer
// never waits behind the worker's writes) and reads each synced page's bytes into rows to write for the
// worker (page-reader.ts, over a channel between the two), so the worker's thread does little but write:
// reading page n + 1 overlaps writing page n. Pages are answered in the order they were given.
import { DatabaseSync } from 'node:sqlite';
import type { MessagePort } from 'node:worker_threads';
import { transportErrorCodes } from '../api/failures';
import { fetchWhole, type WholeAnswer } from '../api/http-transport';
import { errorMessage } from '../errors/error-message';
import { type PreparedPage, PageReader } from './page-reader';
import type { HttpRequest } from './worker-protocol';

/** workerData.role that starts the cache worker's file as the page reader. */
export const PAGE_READER_ROLE = 'page-reader';

/** From the calling thread: requests to send. */
export type HttpAsk = { type: 'http'; id: number; request: HttpRequest } | { type: 'abort'; id: number };
export type HttpAnswer =
  { id: number; ok: true; answer: WholeAnswer } | { id: number; ok: false; message: string; codes: string[] };

/** From the worker: the cache file to number shared strings from, and pages to read. */
type ReadAsk = { type: 'open'; file: string } | { type: 'read'; id: number; page: number; body: Uint8Array };
type ReadAnswer = { id: number; ok: true; page: PreparedPage } | { id: number; ok: false; message: string };

/** The worker's side of the channel to the page reader. */
export class PageReaderClient {
  private readonly pending = new Map<number, { resolve: (p: PreparedPage) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly port: MessagePort) {
    port.on('message', (m: ReadAnswer) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.page);
      else p.reject(new Error(m.message));
    });
    // The reader's thread ended: nothing more will be read.
    port.on('close', () => {
      this.closed = true;
      for (const p of this.pending.values()) p.reject(new Error('The page reader stopped.'));
      this.pending.clear();
    });
  }

  /** The cache file whose shared strings the reader numbers from (at open, and after recovery). */
  open(file: string): void {
    this.port.postMessage({ type: 'open', file } satisfies ReadAsk);
  }

  /** Reads a page (its bytes are handed over when they own their buffer). */
  read(page: number, body: Uint8Array): Promise<PreparedPage> {
    if (this.closed) return Promise.reject(new Error('The page reader stopped.'));
    const id = this.nextId++;
    const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage(
        { type: 'read', id, page, body } satisfies ReadAsk,
        owned ? [body.buffer as ArrayBuffer] : [],
      );
    });
  }
}

/** The strings customer_strings holds, read on a connection of the reader's own. */
function knownStrings(file: string): [number, string][] {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 1000 });
  try {
    return db
      .prepare('SELECT n, text FROM customer_strings')
      .all()
      .map((r) => [Number(r.n), String(r.text)]);
  } finally {
    db.close();
  }
}

/** The thread's side: `caller` sends requests, `writer` (the worker) has pages read, in order. */
export function runPageReader(caller: MessagePort, writer: MessagePort): void {
  let reader = new PageReader();
  writer.on('message', (m: ReadAsk) => {
    if (m.type === 'open') {
      try {
        reader = new PageReader(knownStrings(m.file));
      } catch {
        // Unreadable now: new strings are numbered from 1, and the store refuses a number that means
        // another text there, failing that page rather than storing a wrong record.
        reader = new PageReader();
      }
      return;
    }
    let answer: ReadAnswer;
    try {
      answer = { id: m.id, ok: true, page: reader.read(m.body, m.page) };
    } catch (e) {
      answer = { id: m.id, ok: false, message: errorMessage(e) };
    }
    writer.postMessage(answer);
  });

  const inFlight = new Map<number, AbortController>();
  caller.on('message', (m: HttpAsk) => {
    if (m.type === 'abort') {
      inFlight.get(m.id)?.abort(new Error('The request was cancelled.'));
      return;
    }
    const abort = new AbortController();
    inFlight.set(m.id, abort);
    const { url, method, headers, body } = m.request;
    fetchWhole(url, { method, headers, body, signal: abort.signal, redirect: 'manual' })
      .then(
        (answer) =>
          caller.postMessage({ id: m.id, ok: true, answer } satisfies HttpAnswer, [answer.body.buffer as ArrayBuffer]),
        (e: unknown) =>
          caller.postMessage({
            id: m.id,
            ok: false,
            message: errorMessage(e),
            codes: transportErrorCodes(e),
          } satisfies HttpAnswer),
      )
      .finally(() => inFlight.delete(m.id));
  });
}
