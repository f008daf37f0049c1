// The page reader's thread, started by the cache worker from its own file (the same bundle, another
// role). It sends the sync's HTTP requests and reads each synced page into rows to write (page-reader.ts),
// so the worker's thread does little but write: reading page n + 1 overlaps writing page n. Pages are
// answered in the order they were given.
import { DatabaseSync } from 'node:sqlite';
import { type MessagePort, Worker } from 'node:worker_threads';
import { transportErrorCodes } from '../api/failures';
import { fetchWhole, type WholeAnswer } from '../api/http-transport';
import { errorMessage } from '../errors/error-message';
import { type PreparedPage, PageReader } from './page-reader';
import type { HttpRequest } from './worker-protocol';

/** workerData that starts the cache worker's file as the page reader. */
export const PAGE_READER_ROLE = { role: 'page-reader' } as const;

type ToReader =
  | { type: 'open'; file: string }
  | { type: 'read'; id: number; page: number; body: Uint8Array }
  | { type: 'http'; id: number; request: HttpRequest }
  | { type: 'abort'; id: number };
type FromReader =
  | { kind: 'read' | 'http'; id: number; ok: true; value: PreparedPage | WholeAnswer }
  | { kind: 'read' | 'http'; id: number; ok: false; message: string; codes: string[] };

type Pending = { resolve: (v: never) => void; reject: (e: Error) => void };

/** A failure on the reader's thread, with the codes of a failed request (as transportErrorCodes reads them). */
class ReaderError extends Error {
  readonly errors: { code: string }[];
  constructor(message: string, codes: string[]) {
    super(message);
    this.errors = codes.map((code) => ({ code }));
  }
}

/** The calling thread's handle; the thread starts on first use and again after it stopped. */
export class PageReaderThread {
  private worker: Worker | null = null;
  private file: string | null = null;
  private readonly pending = { read: new Map<number, Pending>(), http: new Map<number, Pending>() };
  private nextId = 1;

  /** `url`: the cache worker's own file; its execArgv (tsx from sources) is inherited. */
  constructor(private readonly url: URL) {}

  /** The cache file whose shared strings the reader numbers from (at open, and after recovery). */
  open(file: string): void {
    this.file = file;
    this.worker?.postMessage({ type: 'open', file } satisfies ToReader);
  }

  /** Reads a page (its bytes are handed over). */
  read(page: number, body: Uint8Array): Promise<PreparedPage> {
    const id = this.nextId++;
    const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    return this.ask('read', id, { type: 'read', id, page, body }, owned ? [body.buffer as ArrayBuffer] : []);
  }

  /** Sends a request and reads the whole answer; `id` names it for abortHttp. */
  http(id: number, request: HttpRequest): Promise<WholeAnswer> {
    return this.ask('http', id, { type: 'http', id, request }, []);
  }

  abortHttp(id: number): void {
    if (this.pending.http.has(id)) this.worker?.postMessage({ type: 'abort', id } satisfies ToReader);
  }

  private ask<T>(kind: 'read' | 'http', id: number, message: ToReader, transfer: ArrayBuffer[]): Promise<T> {
    const worker = this.start();
    return new Promise<T>((resolve, reject) => {
      this.pending[kind].set(id, { resolve: resolve, reject });
      worker.postMessage(message, transfer);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.url, { workerData: PAGE_READER_ROLE });
    worker.on('message', (m: FromReader) => {
      const p = this.pending[m.kind].get(m.id);
      if (!p) return;
      this.pending[m.kind].delete(m.id);
      if (m.ok) p.resolve(m.value as never);
      else p.reject(new ReaderError(m.message, m.codes));
    });
    const stopped = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const map of Object.values(this.pending)) {
        for (const p of map.values()) p.reject(new Error(why));
        map.clear();
      }
    };
    worker.on('error', (e) => stopped(`The page reader failed: ${e.message}`));
    worker.on('exit', (code) => stopped(`The page reader stopped (exit code ${code}).`));
    if (this.file) worker.postMessage({ type: 'open', file: this.file } satisfies ToReader);
    this.worker = worker;
    return worker;
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
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

/** The thread's side: reads pages in order, sends requests as they come. */
export function runPageReader(port: MessagePort): void {
  let reader = new PageReader();
  const inFlight = new Map<number, AbortController>();
  const failure = (kind: 'read' | 'http', id: number, e: unknown): FromReader => ({
    kind,
    id,
    ok: false,
    message: errorMessage(e),
    codes: transportErrorCodes(e),
  });
  port.on('message', (m: ToReader) => {
    switch (m.type) {
      case 'open':
        try {
          reader = new PageReader(knownStrings(m.file));
        } catch {
          // Unreadable now: new strings are numbered from 1, and the store refuses a number that means
          // another text there, failing that page rather than storing a wrong record.
          reader = new PageReader();
        }
        return;
      case 'read': {
        let answer: FromReader;
        try {
          answer = { kind: 'read', id: m.id, ok: true, value: reader.read(m.body, m.page) };
        } catch (e) {
          answer = failure('read', m.id, e);
        }
        port.postMessage(answer);
        return;
      }
      case 'http': {
        const abort = new AbortController();
        inFlight.set(m.id, abort);
        const { url, method, headers, body } = m.request;
        fetchWhole(url, { method, headers, body, signal: abort.signal, redirect: 'manual' })
          .then(
            (answer) =>
              port.postMessage({ kind: 'http', id: m.id, ok: true, value: answer } satisfies FromReader, [
                answer.body.buffer as ArrayBuffer,
              ]),
            (e: unknown) => port.postMessage(failure('http', m.id, e)),
          )
          .finally(() => inFlight.delete(m.id));
        return;
      }
      case 'abort':
        inFlight.get(m.id)?.abort(new Error('The request was cancelled.'));
    }
  });
}
