// The cache worker's side of its channel to the page reader (page-reader-thread.ts). Loaded by the worker
// without the reader's code, so the worker's thread never loads the schemas the reader checks answers with.
import type { MessagePort } from 'node:worker_threads';
import type { PreparedPage } from '../sync/page-reader';
import type { ReadAnswer, ReadAsk } from './page-reader-protocol';
import { fromSent } from './sent-page';
import { ownsBuffer } from '../store/freed-bytes';
import type { CacheKeys } from '../store/record-seal';

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
      if (m.ok) p.resolve(fromSent(m.page));
      else p.reject(new Error(m.message));
    });
    // The reader's thread ended: nothing more will be read.
    port.on('close', () => {
      this.closed = true;
      for (const p of this.pending.values()) p.reject(new Error('The page reader stopped.'));
      this.pending.clear();
    });
  }

  /** The cache file whose shared strings the reader numbers from, and its keys (at open, and after recovery). */
  open(file: string, keys: CacheKeys): void {
    this.port.postMessage({ type: 'open', file, keys } satisfies ReadAsk);
  }

  /** Reads a page (its bytes are handed over when they own their buffer). */
  read(page: number, body: Uint8Array): Promise<PreparedPage> {
    if (this.closed) return Promise.reject(new Error('The page reader stopped.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ type: 'read', id, page, body } satisfies ReadAsk, ownsBuffer(body) ? [body.buffer] : []);
    });
  }
}
