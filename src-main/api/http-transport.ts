// The API client's transport: node:http and node:https on keep-alive connections, shaped as the part of
// fetch the client uses. Node's fetch wraps every answer in web streams, promises and header objects;
// over a sync's ten thousand pages that garbage grows V8's young generation of the calling thread (the
// Electron main process) to its 128 MB maximum, which it keeps. Reading a body here is one buffer.
//
// Every answer is bounded: at most MAX_ANSWER_BYTES once decoded, counted while it streams in (a small
// gzip answer that would inflate to gigabytes is cut off at the cap, never held whole), and headers of
// at most MAX_HEADER_BYTES. Past either, the request fails with a `code` the client recognises.
import { type IncomingMessage, type RequestOptions, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { asError } from '../errors/error-message';
import { presentedCertificate, wayFor } from './network-agents';
import { DIRECT, type Network } from './network-route';
import { localProxySignIn, type ProxySignIn, type SignInOutcome } from './proxy-sign-in';
import { isCertificateFailure, transportErrorCodes } from './transport-error-codes';
import type { ProxyConnectEvent } from './tunnel-agent';

/** The most an answer may hold once decoded: 16 MB (a 100-customer page is about 100 KB). */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** The most the status line and headers of an answer may hold: 16 KB (Node's own default). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** The code of the error for an answer over MAX_ANSWER_BYTES. */
export const ANSWER_TOO_LARGE = 'ERR_ANSWER_TOO_LARGE';
/** Node's code for headers over MAX_HEADER_BYTES. */
export const HEADERS_TOO_LARGE = 'HPE_HEADER_OVERFLOW';

/** Answers may come compressed (a 100-customer page shrinks about six times), as fetch asked for too. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** Streaming decoders; each stops once its output passes the cap (maxOutputLength bounds one chunk). */
const DECODERS: Record<string, () => Transform> = {
  gzip: () => createGunzip({ maxOutputLength: MAX_ANSWER_BYTES + 1 }),
  'x-gzip': () => createGunzip({ maxOutputLength: MAX_ANSWER_BYTES + 1 }),
  deflate: () => createInflate({ maxOutputLength: MAX_ANSWER_BYTES + 1 }),
  br: () => createBrotliDecompress({ maxOutputLength: MAX_ANSWER_BYTES + 1 }),
};

const tooLarge = (): Error =>
  Object.assign(new Error(`The answer is larger than ${MAX_ANSWER_BYTES / (1024 * 1024)} MB.`), {
    code: ANSWER_TOO_LARGE,
  });

/** Headers by name, as a fetch Response or this transport gives them. */
export type HeaderReader = { get(name: string): string | null };

export interface TransportInit {
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal: AbortSignal;
  redirect: 'manual';
  /** The way this request goes (direct or through a proxy) and the extra CAs it trusts; default direct. */
  network?: Network | undefined;
  /** Who answers a proxy's sign-in (default: this thread's Kerberos, NTLM and Basic, proxy-sign-in.ts). */
  signIn?: ProxySignIn | undefined;
}

/** Marks an answer that came from the proxy rather than the service, with what its sign-in came to. */
const FROM_PROXY = Symbol('fromProxy');
type Marked = { [FROM_PROXY]?: { signIn?: SignInOutcome } };
const isFromProxy = (res: IncomingMessage): boolean => (res as Marked)[FROM_PROXY] !== undefined;
const signInOf = (res: IncomingMessage): SignInOutcome | undefined => (res as Marked)[FROM_PROXY]?.signIn;
/** Marks a failure on a kept-alive connection the other end had closed before answering. */
const LOST_REUSED = Symbol('lostReused');

/** Direct, trusting Node's roots and the system's store. */
const DIRECT_NETWORK: Network = { route: DIRECT, extraCa: [] };

/** The part of a fetch Response the client reads. */
export interface TransportResponse {
  readonly status: number;
  readonly headers: HeaderReader;
  readonly body: { cancel(): Promise<void> } | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The answer is the proxy's, not the service's: it refused to open the way (a 407, a 403, a 502...). */
  readonly fromProxy?: boolean;
  /** For the proxy's 407: the sign-ins it offered and why none could be given. */
  readonly proxySignIn?: SignInOutcome | undefined;
}

export type Transport = (url: string, init: TransportInit) => Promise<TransportResponse>;

/** The transport itself is gone (the thread that sent its requests stopped): nothing was sent, and retrying cannot help. */
export class TransportClosedError extends Error {
  override name = 'TransportClosedError';
}

/** A header as one string (Node gives repeated ones, set-cookie, as an array). */
const headerText = (value: string | string[]): string => (Array.isArray(value) ? value.join(', ') : value);

/** Sends the request; resolves once the answer's status and headers have arrived. */
async function send(url: string, init: TransportInit): Promise<IncomingMessage> {
  const target = new URL(url);
  const network = init.network ?? DIRECT_NETWORK;
  const signIn = init.signIn ?? localProxySignIn;
  try {
    try {
      return await sendOnce(target, init, network, signIn);
    } catch (error) {
      // A kept tunnel the proxy or the service had closed while it was idle: the read was not answered, and
      // goes again at once on a new tunnel (a write never uses a kept one). Direct connections leave this to
      // the client's retries, as before.
      const lostTunnel = (error as { [LOST_REUSED]?: boolean })[LOST_REUSED] && network.route.kind === 'proxy';
      if (lostTunnel && init.method === 'GET' && !init.signal.aborted)
        return await sendOnce(target, init, network, signIn);
      throw error;
    }
  } catch (error) {
    // A certificate that failed the check: read what was presented (sending nothing) so the message can name it.
    if (target.protocol === 'https:' && transportErrorCodes(error).some(isCertificateFailure) && !init.signal.aborted) {
      const presented = await presentedCertificate(target, network, signIn);
      if (presented) throw Object.assign(asError(error), { presented });
    }
    throw error;
  }
}

function sendOnce(target: URL, init: TransportInit, network: Network, signIn: ProxySignIn): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const { signal } = init;
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const headers: Record<string, string> = { 'Accept-Encoding': ACCEPT_ENCODING, ...init.headers };
    if (init.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(init.body));
    // A write goes out on a connection of its own: on an idle kept-alive one the server may be closing,
    // it could fail after leaving, and a card issued or not would become an unknown outcome.
    const way = wayFor(target, network, init.method !== 'GET', signIn);
    const options: RequestOptions & { secureContext?: unknown } = {
      method: init.method,
      headers,
      ...(way.agent === undefined ? {} : { agent: way.agent }),
      ...(way.secureContext ? { secureContext: way.secureContext } : {}),
      maxHeaderSize: MAX_HEADER_BYTES,
      signal,
    };
    // The tunnel agent replays a refused CONNECT's answer as the response: mark it as the proxy's own.
    let refused: ProxyConnectEvent | null = null;
    let answered = false;
    const req = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, options, (res) => {
      answered = true;
      const proxied = network.route.kind === 'proxy';
      if (proxied && (refused || res.statusCode === 407))
        Object.assign(res, { [FROM_PROXY]: refused?.signIn ? { signIn: refused.signIn } : {} });
      resolve(res);
    });
    req.once('proxyConnect', (answer: ProxyConnectEvent) => {
      if (answer.statusCode !== 200) refused = answer;
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      const lost = req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(lost ? Object.assign(error, { [LOST_REUSED]: true }) : error);
    });
    req.end(init.body);
  });
}

/**
 * Requests on kept-alive connections (idle ones closed after 5 s), direct or through the proxy `init.network`
 * names; redirects are never followed, as with `redirect: 'manual'`.
 */
export const httpTransport: Transport = async (url, init) => responseOf(await send(url, init), init.signal);

/** An answer read whole: what a thread that sends requests for another hands back. */
export interface WholeAnswer {
  status: number;
  headers: Record<string, string>;
  /** Owns its whole buffer, so it can be transferred. */
  body: Uint8Array;
  /** The answer is the proxy's (see TransportResponse.fromProxy). */
  fromProxy?: boolean;
  proxySignIn?: SignInOutcome;
}

/** Sends the request and reads the whole answer. */
export async function fetchWhole(url: string, init: TransportInit): Promise<WholeAnswer> {
  const res = await send(url, init);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = headerText(value);
  const body = await readAll(res, init.signal);
  const signIn = signInOf(res);
  return {
    status: res.statusCode ?? 0,
    headers,
    body,
    ...(isFromProxy(res) ? { fromProxy: true } : {}),
    ...(signIn ? { proxySignIn: signIn } : {}),
  };
}

/** A whole answer as the client reads a response. */
export function responseFromWhole(answer: WholeAnswer): TransportResponse {
  const { body } = answer;
  return {
    status: answer.status,
    ...(answer.fromProxy ? { fromProxy: true } : {}),
    ...(answer.proxySignIn ? { proxySignIn: answer.proxySignIn } : {}),
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
    fromProxy: isFromProxy(res),
    proxySignIn: signInOf(res),
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

/**
 * The whole body, decoded, in one buffer of its own; fails if the connection ends early, the signal
 * aborts, or the decoded answer passes MAX_ANSWER_BYTES (counted as it streams in, so nothing larger is
 * ever held).
 */
function readAll(res: IncomingMessage, signal: AbortSignal): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const encoding = String(res.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    const makeDecoder = DECODERS[encoding];
    const decoder = makeDecoder ? makeDecoder() : null;
    const done = (error: unknown, body?: Uint8Array) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        decoder?.destroy();
        res.destroy();
        reject(asError(error));
      } else resolve(body!);
    };
    const onAbort = () => done(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });

    if (!decoder && encoding !== 'identity') {
      done(Object.assign(new Error(`The answer came encoded as ${encoding}.`), { code: 'ERR_CONTENT_ENCODING' }));
      return;
    }
    const declared = Number(res.headers['content-length']);
    if (!decoder && Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) {
      done(tooLarge());
      return;
    }
    const collect = (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_ANSWER_BYTES) {
        done(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const finish = () => {
      // A buffer of its own (not a slice of a shared pool), so it can be handed to another thread.
      const body = new Uint8Array(length);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.length;
      }
      done(null, body);
    };
    if (decoder) {
      decoder.on('data', collect);
      decoder.once('end', finish);
      decoder.once('error', (e: NodeJS.ErrnoException) =>
        // zlib refuses an output past maxOutputLength with ERR_BUFFER_TOO_LARGE: the cap, reached in one chunk.
        done(e.code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge() : e),
      );
      res.pipe(decoder);
    } else {
      res.on('data', collect);
      res.once('end', finish);
    }
    res.once('error', (e) => done(e));
    res.once('close', () => {
      if (!res.complete)
        done(Object.assign(new Error('The connection closed before the answer was complete.'), { code: 'ECONNRESET' }));
    });
    if (signal.aborted) onAbort(); // aborted between the headers and this read: 'abort' has already fired
  });
}
