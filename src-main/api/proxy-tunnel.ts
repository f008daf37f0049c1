// Opens an HTTP CONNECT tunnel through a proxy, signing in on the way: the CONNECT, the proxy's 407 with the
// sign-ins it accepts, the answer (proxy-sign-in.ts), again on the same connection while the proxy keeps it
// (NTLM's three messages need one connection; Kerberos is done in one), on a new one when it closes it.
// Nothing reaches the card service before the proxy answers 200: every failure here is "nothing was sent".
// The https-proxy-agent CONNECT answers one challenge-less request only; a sign-in of several legs is why
// this one exists.
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { ProxyRoute } from './network-route';
import { challengesOf, type SignInScheme } from './proxy-challenge';
import type { ProxySignIn, SignInOutcome } from './proxy-sign-in';

/** The code of a proxy that closed the connection or answered what is not HTTP: nothing was sent. */
export const PROXY_CLOSED = 'ERR_PROXY_CLOSED';
/** The most a proxy's answer to CONNECT may hold: 16 KB of headers, 256 KB of body (an error page). */
const MAX_HEAD = 16 * 1024;
const MAX_BODY = 256 * 1024;
/** Legs of one sign-in at most (NTLM takes two, Negotiate one; a scheme that fails gives way to the next). */
const MAX_LEGS = 8;

/** The proxy's own answer, when it refused to open the tunnel. */
export interface ProxyAnswer {
  statusCode: number;
  statusMessage: string;
  headers: [string, string][];
  body: Buffer;
  /** Set for a 407: what the proxy asked for and why it could not be answered. */
  signIn?: SignInOutcome;
}

export type TunnelResult = { socket: net.Socket } | { refused: ProxyAnswer };

export interface TunnelOptions {
  signIn: ProxySignIn;
  signal: AbortSignal;
  /** For a proxy reached over TLS: what its certificate is checked against. */
  proxySecureContext?: tls.SecureContext;
  /** The scheme this proxy accepted last in this thread (Basic is then sent at once). */
  learned: Map<string, SignInScheme>;
}

const closedError = (why: string) => Object.assign(new Error(why), { code: PROXY_CLOSED });

/** Reads a socket's bytes on demand: what a CONNECT exchange needs, and no more. */
class SocketReader {
  private buffered = Buffer.alloc(0);
  private ended: Error | null = null;
  private wake: (() => void) | null = null;
  private readonly onData = (chunk: Buffer) => {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    this.wake?.();
  };
  private readonly onEnd = () => {
    this.ended ??= closedError('The proxy closed the connection before it answered.');
    this.wake?.();
  };
  private readonly onError = (error: Error) => {
    this.ended = error;
    this.wake?.();
  };

  constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.once('end', this.onEnd);
    socket.once('close', this.onEnd);
    socket.once('error', this.onError);
  }

  /** Resolves once `ready(bytes)` says it has what it needs (a position), or fails when the socket ends first. */
  async until(ready: (bytes: Buffer) => number | null, limit: number): Promise<number> {
    for (;;) {
      const at = ready(this.buffered);
      if (at !== null) return at;
      if (this.buffered.length > limit) throw closedError('The proxy sent an answer larger than Card Desk accepts.');
      if (this.ended) throw this.ended;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  take(length: number): Buffer {
    const taken = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return taken;
  }

  get open(): boolean {
    return this.ended === null;
  }

  /** Stops reading; bytes already read past the answer go back to the socket for whoever reads it next. */
  release(): void {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
    this.socket.pause();
    if (this.buffered.length > 0) this.socket.unshift(this.buffered);
  }
}

interface Answer extends ProxyAnswer {
  /** The proxy keeps the connection open after this answer. */
  keepsConnection: boolean;
}

/** Reads one answer: status line, headers and (not for a 200 to CONNECT) its body. */
async function readAnswer(reader: SocketReader): Promise<Answer> {
  const end = await reader.until((b) => {
    const at = b.indexOf('\r\n\r\n');
    return at < 0 ? null : at + 4;
  }, MAX_HEAD);
  const [statusLine = '', ...lines] = reader.take(end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.([01]) (\d{3})(?: (.*))?$/.exec(statusLine);
  if (!status) throw closedError('The proxy answered with something that is not HTTP.');
  const headers = lines
    .filter((l) => l.length > 0)
    .map((l) => {
      const colon = l.indexOf(':');
      return [l.slice(0, colon).trim(), l.slice(colon + 1).trim()] as [string, string];
    });
  const header = (name: string) => headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
  const statusCode = Number(status[2]);
  const connection = [...header('connection'), ...header('proxy-connection')].join(',').toLowerCase();
  let keepsConnection = status[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive');
  let body: Buffer = Buffer.alloc(0);
  if (statusCode !== 200) {
    const chunked = header('transfer-encoding').join(',').toLowerCase().includes('chunked');
    const length = Number(header('content-length')[0]);
    if (chunked) body = await readChunked(reader);
    else if (Number.isFinite(length) && length >= 0) {
      await reader.until((b) => (b.length >= length ? length : null), MAX_BODY);
      body = Buffer.from(reader.take(length));
    } else {
      // Read to the end: the connection is done with.
      keepsConnection = false;
      const all = await reader.until((b) => (reader.open ? null : b.length), MAX_BODY);
      body = Buffer.from(reader.take(all));
    }
  }
  return { statusCode, statusMessage: status[3] ?? '', headers, body, keepsConnection };
}

async function readChunked(reader: SocketReader): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = await reader.until((b) => {
      const at = b.indexOf('\r\n');
      return at < 0 ? null : at + 2;
    }, MAX_BODY);
    const size = parseInt(reader.take(lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) throw closedError('The proxy sent a damaged answer.');
    await reader.until((b) => (b.length >= size + 2 ? size + 2 : null), MAX_BODY);
    const chunk = reader.take(size + 2);
    if (size === 0) return Buffer.concat(parts);
    parts.push(Buffer.from(chunk.subarray(0, size)));
  }
}

/** A connection to the proxy (over TLS when it is reached so); fails as Node does (ECONNREFUSED, ENOTFOUND...). */
function connectToProxy(route: ProxyRoute, options: TunnelOptions): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket: net.Socket = route.secure
      ? tls.connect({
          host: route.host,
          port: route.port,
          ...(net.isIP(route.host) ? {} : { servername: route.host }),
          ...(options.proxySecureContext ? { secureContext: options.proxySecureContext } : {}),
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect({ host: route.host, port: route.port });
    const ready = route.secure ? 'secureConnect' : 'connect';
    const abort = () => socket.destroy(options.signal.reason instanceof Error ? options.signal.reason : undefined);
    options.signal.addEventListener('abort', abort, { once: true });
    socket.once(ready, () => {
      options.signal.removeEventListener('abort', abort);
      resolve(socket);
    });
    socket.once('error', (error) => {
      options.signal.removeEventListener('abort', abort);
      reject(error);
    });
  });
}

const authority = (host: string, port: number) => `${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
export const proxyKey = (route: ProxyRoute) =>
  `${route.secure ? 'https' : 'http'}://${authority(route.host, route.port)}`;

/** Opens a tunnel to `host:port` through `route`'s proxy, signing in as it asks. */
export async function openTunnel(
  route: ProxyRoute,
  host: string,
  port: number,
  options: TunnelOptions,
): Promise<TunnelResult> {
  if (options.signal.aborted) throw options.signal.reason;
  const target = authority(host, port);
  const session = options.signIn(route);
  let socket = await connectToProxy(route, options);
  const abort = () => socket.destroy(options.signal.reason instanceof Error ? options.signal.reason : undefined);
  options.signal.addEventListener('abort', abort, { once: true });
  let reader = new SocketReader(socket);
  try {
    let sent = await session.first(options.learned.get(proxyKey(route)) ?? null);
    for (let leg = 0; leg < MAX_LEGS; leg++) {
      const auth = sent.header ? `Proxy-Authorization: ${sent.header}\r\n` : '';
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}Proxy-Connection: keep-alive\r\n\r\n`);
      const answer = await readAnswer(reader);
      if (answer.statusCode === 200) {
        if (sent.scheme) options.learned.set(proxyKey(route), sent.scheme);
        reader.release();
        return { socket };
      }
      if (answer.statusCode !== 407) {
        socket.destroy();
        return { refused: answer };
      }
      const challenges = challengesOf(
        answer.headers.filter(([n]) => n.toLowerCase() === 'proxy-authenticate').map(([, v]) => v),
      );
      sent = await session.next(challenges);
      if (!sent.header) {
        socket.destroy();
        return { refused: { ...answer, signIn: sent.outcome } };
      }
      if (!answer.keepsConnection || !reader.open) {
        // The proxy closed this connection: the next leg goes on a new one.
        reader.release();
        socket.destroy();
        options.signal.removeEventListener('abort', abort);
        socket = await connectToProxy(route, options);
        options.signal.addEventListener('abort', abort, { once: true });
        reader = new SocketReader(socket);
      }
    }
    throw closedError('The proxy kept asking for a sign-in.');
  } catch (error) {
    socket.destroy();
    throw error;
  } finally {
    options.signal.removeEventListener('abort', abort);
    session.end();
  }
}
