// The calling thread's handle on the page reader (page-reader-thread.ts): started by a sync's first
// request, with a channel to the cache worker handed over through `attach`, and ended when the sync is
// over, so the thread and its heap exist only while pages come in.
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { TransportClosedError, type WholeAnswer } from '../../api/http-transport';
import { answerSignIns, isSignInAsk, type SignInAsk } from '../../api/proxy-sign-in-bridge';
import { localProxySignIn } from '../../api/proxy-sign-in';
import type { PresentedCertificate } from '../../api/trust-store';
import { type HttpAnswer, type HttpAsk, PAGE_READER_ROLE } from './page-reader-protocol';
import type { WorkerLocation } from './worker-location';
import type { HttpRequest } from './worker-protocol';

/** A request the reader's thread failed, with the codes it saw (as transportErrorCodes reads them). */
export class ReaderRequestError extends Error {
  override name = 'ReaderRequestError';
  readonly errors: { code: string }[];
  /** The certificate the server presented, when it failed the check (named in the message). */
  readonly presented: PresentedCertificate | null;
  constructor(message: string, codes: string[], presented: PresentedCertificate | null = null) {
    super(message);
    this.errors = codes.map((code) => ({ code }));
    this.presented = presented;
  }
}

type Pending = { resolve: (answer: WholeAnswer) => void; reject: (e: Error) => void };

export class PageReaderHandle {
  private thread: Worker | null = null;
  private readonly requests = new Map<number, Pending>();
  private nextId = 1;

  /**
   * `attach` hands the worker its end of the channel to a newly started reader, before any page the
   * reader fetches can reach the worker.
   */
  constructor(
    private readonly location: WorkerLocation,
    private readonly resourceLimits: { maxYoungGenerationSizeMb: number },
    private readonly attach: (port: MessagePort) => void,
  ) {}

  /** Sends the request on the reader's thread and reads the whole answer. */
  request(request: HttpRequest, signal: AbortSignal): Promise<WholeAnswer> {
    const thread = this.start();
    const id = this.nextId++;
    const abort = () => thread.postMessage({ type: 'abort', id } satisfies HttpAsk);
    signal.addEventListener('abort', abort, { once: true });
    return new Promise<WholeAnswer>((resolve, reject) => {
      this.requests.set(id, { resolve, reject });
      thread.postMessage({ type: 'http', id, request } satisfies HttpAsk);
    }).finally(() => signal.removeEventListener('abort', abort));
  }

  /** Starts the reader's thread when it is not running (a sync that sends no request of its own). */
  start(): Worker {
    if (this.thread) return this.thread;
    const { port1, port2 } = new MessageChannel();
    const thread = new Worker(this.location.url, {
      execArgv: this.location.execArgv,
      resourceLimits: this.resourceLimits,
      workerData: { role: PAGE_READER_ROLE, writer: port1 },
      transferList: [port1],
    });
    // The reader's proxy sign-ins are answered here, where the Kerberos support is loaded.
    const signIns = answerSignIns(localProxySignIn, (reply) => thread.postMessage(reply satisfies HttpAsk));
    thread.on('message', (answer: HttpAnswer | SignInAsk) => {
      if (isSignInAsk(answer)) {
        signIns.receive(answer);
        return;
      }
      const p = this.requests.get(answer.id);
      if (!p) return;
      this.requests.delete(answer.id);
      if (answer.ok) p.resolve(answer.answer);
      else p.reject(new ReaderRequestError(answer.message, answer.codes, answer.presented));
    });
    // A thread that stopped is not a lost connection: the client must not retry through it.
    const ended = (why: string) => {
      signIns.clear();
      if (this.thread !== thread) return; // stopped already, and its requests failed then
      this.thread = null;
      this.failAll(new TransportClosedError(why));
    };
    thread.on('error', (e) => ended(`The page reader failed: ${e.message}`));
    thread.on('exit', (code) => ended(`The page reader stopped (exit code ${code}).`));
    this.attach(port2);
    this.thread = thread;
    return thread;
  }

  private failAll(e: Error): void {
    for (const p of this.requests.values()) p.reject(e);
    this.requests.clear();
  }

  /** Ends the reader's thread (the next request starts another). */
  async stop(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    this.failAll(new TransportClosedError('The page reader was stopped.'));
    await thread?.terminate();
  }
}
