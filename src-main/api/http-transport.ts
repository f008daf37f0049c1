// The API client's transport: node:http and node:https on keep-alive connections, shaped as the part of
// fetch the client uses. Node's fetch wraps every answer in web streams, promises and header objects;
// over a sync's ten thousand pages that garbage grows V8's young generation of the calling thread (the
// Electron main process) to its 128 MB maximum, which it keeps. Reading a body here is one buffer.
import { type IncomingMessage, type RequestOptions, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { asError } from '../errors/error-message';

/** Answers may come compressed (a 100-customer page shrinks about six times), as fetch asked for too. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** Headers by name, as a fetch Response or this transport gives them. */
export type HeaderReader = { get(name: string): string | null };

export interface TransportInit {
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal: AbortSignal;
  redirect: 'manual';
}

/** The part of a fetch Response the client reads. */
export interface TransportResponse {
  readonly status: number;
  readonly headers: HeaderReader;
  readonly body: { cancel(): Promise<void> } | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type Transport = (url: string, init: TransportInit) => Promise<TransportResponse>;

/** The transport itself is gone (the thread that sent its requests stopped): nothing was sent, and retrying cannot help. */
export class TransportClosedError extends Error {
  override name = 'TransportClosedError';
}

/** A header as one string (Node gives repeated ones, set-cookie, as an array). */
const headerText = (value: string | string[]): string => (Array.isArray(value) ? value.join(', ') : value);

/** Sends the request; resolves once the answer's status and headers have arrived. */
function send(url: string, init: TransportInit): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const { signal } = init;
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const target = new URL(url);
    const headers: Record<string, string> = { 'Accept-Encoding': ACCEPT_ENCODING, ...init.headers };
    if (init.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(init.body));
    const options: RequestOptions = {
      method: init.method,
      headers,
      // A write goes out on a connection of its own: on an idle kept-alive one the server may be closing,
      // it could fail after leaving, and a card issued or not would become an unknown outcome.
      ...(init.method === 'GET' ? {} : { agent: false }),
      signal,
    };
    const req = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, options, resolve);
    req.once('error', reject);
    req.end(init.body);
  });
}

/**
 * Requests on Node's global agents (keep-alive, idle connections closed after 5 s); redirects are never
 * followed, as with `redirect: 'manual'`.
 */
export const httpTransport: Transport = async (url, init) => responseOf(await send(url, init), init.signal);

/** An answer read whole: what a thread that sends requests for another hands back. */
export interface WholeAnswer {
  status: number;
  headers: Record<string, string>;
  /** Owns its whole buffer, so it can be transferred. */
  body: Uint8Array;
}

/** Sends the request and reads the whole answer. */
export async function fetchWhole(url: string, init: TransportInit): Promise<WholeAnswer> {
  const res = await send(url, init);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = headerText(value);
  return { status: res.statusCode ?? 0, headers, body: await readAll(res, init.signal) };
}

/** A whole answer as the client reads a response. */
export function responseFromWhole(answer: WholeAnswer): TransportResponse {
  const { body } = answer;
  return {
    status: answer.status,
    headers: { get: (name) => answer.headers[name.toLowerCase()] ?? null },
    body: { cancel: async () => undefined },
    text: async () => Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'),
    arrayBuffer: async () => body.buffer as ArrayBuffer,
  };
}

function responseOf(res: IncomingMessage, signal: AbortSignal): TransportResponse {
  let read: Promise<Uint8Array> | null = null;
  const bytes = () => (read ??= readAll(res, signal));
  return {
    status: res.statusCode ?? 0,
    headers: {
      get(name) {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : headerText(value);
      },
    },
    body: {
      // Drained rather than destroyed: what is left is small (a 304 has no body) and the connection stays usable.
      cancel: async () => {
        res.resume();
      },
    },
    text: async () => {
      const b = await bytes();
      return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');
    },
    arrayBuffer: async () => (await bytes()).buffer as ArrayBuffer,
  };
}

/** The whole body in one buffer of its own; fails if the connection ends early or the signal aborts. */
function readAll(res: IncomingMessage, signal: AbortSignal): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onAbort = () => res.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (error: unknown, body?: Uint8Array) => {
      signal.removeEventListener('abort', onAbort);
      if (error) reject(asError(error));
      else resolve(body!);
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    res.once('end', () => {
      const encoding = String(res.headers['content-encoding'] ?? 'identity')
        .trim()
        .toLowerCase();
      const decode = DECODERS[encoding];
      let bytes: Uint8Array = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
      try {
        if (decode) bytes = decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        else if (encoding !== 'identity')
          throw Object.assign(new Error(`The answer came encoded as ${encoding}.`), { code: 'ERR_CONTENT_ENCODING' });
      } catch (e) {
        done(e);
        return;
      }
      // A buffer of its own (not a slice of a shared pool), so it can be handed to another thread.
      const body = new Uint8Array(bytes.byteLength);
      body.set(bytes);
      done(null, body);
    });
    res.once('error', (e) => done(e));
    res.once('close', () => {
      if (!res.complete)
        done(Object.assign(new Error('The connection closed before the answer was complete.'), { code: 'ECONNRESET' }));
    });
    if (signal.aborted) onAbort(); // aborted between the headers and this read: 'abort' has already fired
  });
}
