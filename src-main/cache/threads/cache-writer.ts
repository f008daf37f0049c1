// The calling thread's handle on the cache worker (typed requests, one answer each, in order) and on the
// page reader beside it, which sends the sync's HTTP requests (page-reader-thread.ts).
import { type MessagePort, Worker } from 'node:worker_threads';
import { type Transport, TransportClosedError, responseFromWhole } from '../../api/http-transport';
import { PageReaderHandle } from './page-reader-handle';
import type { OpName, WorkerErrorKind, WorkerOps, WorkerReply } from './worker-protocol';
import type { WorkerLocation } from './worker-location';

/** A failure reported by the worker, with the kind of cache failure it was. */
export class CacheWorkerError extends Error {
  override name = 'CacheWorkerError';
  /** The codes of a failed HTTP request, one error each, as classifyTransportFailure reads them. */
  readonly errors: { code: string }[];
  constructor(
    readonly kind: WorkerErrorKind,
    message: string,
    codes: string[] = [],
  ) {
    super(message);
    this.errors = codes.map((code) => ({ code }));
  }
}

/** The worker's V8 young generation (see the constructor). */
const WORKER_YOUNG_GENERATION_MB = 8;

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export class CacheWriter {
  private readonly worker: Worker;
  private readonly reader: PageReaderHandle;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | null = null;

  constructor(location: WorkerLocation) {
    // Each thread reads synced pages (~100 KB of JSON) and drops them a moment later: a small young
    // generation holds that, where V8's default would grow to 128 MB and keep it after the sync.
    const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
    this.worker = new Worker(location.url, { execArgv: location.execArgv, resourceLimits });
    this.worker.on('message', (reply: WorkerReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(new CacheWorkerError(reply.kind, reply.message, reply.codes));
    });
    this.worker.on('error', (e) => this.fail(new CacheWorkerError('other', `The cache worker failed: ${e.message}`)));
    this.worker.on('exit', (code) =>
      this.fail(new CacheWorkerError('other', `The cache worker stopped (exit code ${code}).`)),
    );
    // The worker has pages read over a channel of their own to the reader (page-reader-thread.ts).
    this.reader = new PageReaderHandle(location, resourceLimits, (port) => {
      this.send('attachReader', [port], [port]).catch(() => undefined);
    });
  }

  private fail(e: Error): void {
    this.stopped ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    void this.reader.stop();
  }

  get alive(): boolean {
    return this.stopped === null;
  }

  /** Requests sent so far: a count that moves whenever the worker is given something to do. */
  get requests(): number {
    return this.nextId - 1;
  }

  /** True while a request waits for its answer. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  call<K extends OpName>(op: K, ...args: Parameters<WorkerOps[K]>): Promise<Awaited<ReturnType<WorkerOps[K]>>> {
    return this.send(op, args, []);
  }

  /** As `call`, handing `transfer` (buffers inside `args`) to the worker rather than copying them. */
  callTransferring<K extends OpName>(
    transfer: ArrayBuffer[],
    op: K,
    ...args: Parameters<WorkerOps[K]>
  ): Promise<Awaited<ReturnType<WorkerOps[K]>>> {
    return this.send(op, args, transfer);
  }

  /**
   * A transport whose requests the page reader sends and reads (page-reader-thread.ts): a sync's requests
   * then cost the calling thread one message each way, not an HTTP exchange, and their answers never wait
   * behind the worker's writes. The answer comes back whole, so the client's headers timeout covers the body too.
   */
  readonly transport: Transport = async (url, init) => {
    const { signal } = init;
    if (signal.aborted) throw signal.reason;
    // A writer that stopped is not a lost connection: the client must not retry through it.
    if (this.stopped) throw new TransportClosedError(this.stopped.message);
    const request = {
      url,
      method: init.method,
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.network ? { network: init.network } : {}),
    };
    return responseFromWhole(await this.reader.request(request, signal));
  };

  /** Starts the page reader for pages that come from elsewhere than its requests (a feed's). */
  startReader(): void {
    this.reader.start();
  }

  /** A sync is over: the page reader's thread ends, with its heap (the next sync's first request starts another). */
  endSync(): Promise<void> {
    return this.reader.stop();
  }

  private send<K extends OpName>(
    op: K,
    args: unknown[],
    transfer: (ArrayBuffer | MessagePort)[],
  ): Promise<Awaited<ReturnType<WorkerOps[K]>>> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, op, args }, transfer);
    });
  }

  /** Closes the database, then ends the thread. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call('close');
    } finally {
      this.stopped ??= new CacheWorkerError('other', 'The cache is closed.');
      await Promise.all([this.worker.terminate(), this.reader.stop()]);
    }
  }
}
