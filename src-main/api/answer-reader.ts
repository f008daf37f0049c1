// Reading an answer's body without holding the calling thread: a large answer (OFF_THREAD_BYTES and up)
// goes to the answer reader's thread (answer-thread.ts) by transfer, which parses and checks it there and
// hands the records back in slices; each slice is taken in on its own turn of the event loop, so whatever
// else waits (an operator's click) runs between them. Smaller answers are read where they arrive: a
// 100-customer page parses in about a millisecond, less than a trip to another thread.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker } from 'node:worker_threads';
import type { z } from 'zod';
import type { AnswerAsk, AnswerProblem, AnswerReply } from './answer-protocol';
import { type Envelope, parseJson, readEnvelope } from './envelope-reader';
import { envelopeName } from './envelopes';
import { unpackedPath, workerLocation, type WorkerLocation } from './thread-file';

/** Answers from this size (bytes, decoded) are read on the answer reader's thread. */
export const OFF_THREAD_BYTES = 512 * 1024;
/** The answer reader's file beside the main bundle (electron.vite.config.ts). */
export const BUILT_ANSWER_WORKER_FILE = 'answer-worker.js';

/** What the caller learns from a body: a 2xx's envelope (null: unreadable, and why), or an error's body. */
export interface BodyRead<T> {
  envelope: Envelope<T> | null;
  /** Why a 2xx could not be read (`not read: …` when the reader's thread failed). */
  problem?: AnswerProblem | `not read: ${string}`;
  /** The parsed body for an error answer (what failures.ts reads); undefined when it is not JSON. */
  body: unknown;
}

/** The answer reader in the folder of the main bundle, outside the asar archive when the app is packaged. */
export function builtAnswerWorkerLocation(bundleDir: string): WorkerLocation {
  return workerLocation(unpackedPath(join(bundleDir, BUILT_ANSWER_WORKER_FILE)));
}

/** The reader beside this module: answer-thread.ts from sources, answer-worker.js beside the bundle. */
export function defaultAnswerWorkerLocation(moduleUrl: string = import.meta.url): WorkerLocation {
  const here = dirname(fileURLToPath(moduleUrl));
  return moduleUrl.endsWith('.ts') ? workerLocation(join(here, 'answer-thread.ts')) : builtAnswerWorkerLocation(here);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class AnswerReader {
  private thread: Worker | null = null;
  private readonly waiting = new Map<number, (reply: AnswerReply) => void>();
  private nextId = 1;
  /** What was read on the reader's thread so far: answers, and the slices of records taken in. */
  readonly handed = { answers: 0, slices: 0 };

  constructor(private readonly location: WorkerLocation = defaultAnswerWorkerLocation()) {}

  /**
   * Reads `bytes` (handed over: the caller must not use them after) on the reader's thread: checked as the
   * envelope `name` names, or, with null, the body of an error answer.
   */
  async read<T>(bytes: Uint8Array, name: string | null, signal?: AbortSignal): Promise<BodyRead<T>> {
    const id = this.nextId++;
    const whole =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : bytes.slice().buffer;
    let reply = await this.ask({ type: 'read', id, bytes: whole, envelope: name as never }, [whole]);
    if (reply.type === 'body') return { envelope: null, body: reply.body };
    if (reply.type === 'unreadable') return { envelope: null, problem: reply.problem, body: undefined };
    if (reply.type !== 'envelope') return this.failed(reply);
    this.handed.answers++;
    this.handed.slices++;
    const envelope = reply.envelope as Envelope<unknown[]>;
    const rows = envelope.data;
    try {
      while (reply.more) {
        await nextTurn();
        signal?.throwIfAborted();
        reply = await this.ask({ type: 'more', id });
        if (reply.type !== 'slice') return this.failed(reply);
        this.handed.slices++;
        for (const row of reply.rows) rows.push(row);
      }
    } catch (error) {
      this.thread?.postMessage({ type: 'drop', id } satisfies AnswerAsk);
      throw error;
    }
    return { envelope: envelope as Envelope<T>, body: undefined };
  }

  private failed<T>(reply: AnswerReply): BodyRead<T> {
    const message = reply.type === 'failed' ? reply.message : `unexpected ${reply.type}`;
    return { envelope: null, problem: `not read: ${message}`, body: undefined };
  }

  private ask(ask: AnswerAsk, transfer: ArrayBuffer[] = []): Promise<AnswerReply> {
    const thread = this.start();
    return new Promise<AnswerReply>((resolve) => {
      this.waiting.set(ask.id, resolve);
      thread.postMessage(ask, transfer);
    });
  }

  private start(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(this.location.url, { execArgv: this.location.execArgv });
    // An idle reader never keeps the process alive.
    thread.unref();
    thread.on('message', (reply: AnswerReply) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      w?.(reply);
    });
    const ended = (why: string) => {
      if (this.thread !== thread) return;
      this.thread = null;
      for (const w of this.waiting.values()) w({ type: 'failed', id: 0, message: why });
      this.waiting.clear();
    };
    thread.on('error', (e) => ended(`the answer reader failed: ${e.message}`));
    thread.on('exit', (code) => ended(`the answer reader stopped (exit code ${code})`));
    this.thread = thread;
    return thread;
  }

  /** Ends the reader's thread (the next large answer starts another). */
  async stop(): Promise<void> {
    const thread = this.thread;
    if (!thread) return;
    this.thread = null;
    for (const w of this.waiting.values()) w({ type: 'failed', id: 0, message: 'the answer reader was stopped' });
    this.waiting.clear();
    await thread.terminate();
  }
}

let shared: AnswerReader | null = null;
/** Main's one answer reader, started with the first large answer; none on other threads (null). */
export function sharedAnswerReader(): AnswerReader | null {
  if (!isMainThread) return null;
  shared ??= new AnswerReader();
  return shared;
}

/**
 * A body read as the client needs it: a 2xx checked against `schema`, any other answer parsed for its
 * message. Off the calling thread when `reader` is given, the body is large and (for a 2xx) the schema is
 * one of ENVELOPES; here otherwise.
 */
export async function readBody<T>(
  bytes: Uint8Array,
  schema: z.ZodType<Envelope<T>> | null,
  reader: AnswerReader | null | undefined,
  signal?: AbortSignal,
): Promise<BodyRead<T>> {
  const name = schema ? envelopeName(schema) : null;
  if (reader && bytes.byteLength >= OFF_THREAD_BYTES && name !== undefined) return reader.read<T>(bytes, name, signal);
  const body = parseJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  if (!schema) return { envelope: null, body };
  const envelope = readEnvelope(schema, body);
  return envelope
    ? { envelope, body }
    : { envelope: null, problem: body === undefined ? 'not JSON' : 'not the envelope', body };
}
