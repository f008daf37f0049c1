// The agent of HTTPS requests through one proxy: each new connection is a CONNECT tunnel opened with the
// sign-in the proxy asks for (proxy-tunnel.ts), with TLS to the service inside it, checked against the
// request's trust exactly as without a proxy. Kept alive like a direct connection (Node's pool, per origin),
// so a sync's pages and an operator's calls reuse a warm tunnel and its TLS session instead of a CONNECT and
// a handshake each; a new tunnel to the same origin resumes the last TLS session. A refused CONNECT's
// answer is replayed as the request's response (the request itself, with its API key, is never sent).
import type { ClientRequest } from 'node:http';
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import { Agent, type AgentConnectOpts } from 'agent-base';
import type { ProxyRoute } from './network-route';
import type { SignInScheme } from './proxy-challenge';
import type { ProxySignIn, SignInOutcome } from './proxy-sign-in';
import { openTunnel, type ProxyAnswer } from './proxy-tunnel';

/** What the agent tells the request about the proxy's answer to its CONNECT ('proxyConnect' on the request). */
export interface ProxyConnectEvent {
  statusCode: number;
  signIn?: SignInOutcome;
}

/** The scheme each proxy accepted last, in this thread: Basic is then sent with the first CONNECT. */
const learned = new Map<string, SignInScheme>();

/** The proxy's refusal as a response the HTTP client reads; the connection ends after it. */
function replay(answer: ProxyAnswer): Buffer {
  const dropped = new Set(['connection', 'proxy-connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const lines = answer.headers.filter(([name]) => !dropped.has(name.toLowerCase())).map(([n, v]) => `${n}: ${v}`);
  const head = [
    `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`,
    ...lines,
    'Connection: close',
    `Content-Length: ${answer.body.length}`,
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), answer.body]);
}

export interface TunnelAgentOptions {
  route: ProxyRoute;
  signIn: ProxySignIn;
  /** Keep tunnels open for reuse (reads); false gives every request a tunnel of its own (writes). */
  keepAlive: boolean;
  /** For a proxy reached over TLS: the trust its certificate is checked against. */
  proxySecureContext?: tls.SecureContext;
}

export class TunnelAgent extends Agent {
  private readonly sessions = new Map<string, Buffer>();

  constructor(private readonly tunnel: TunnelAgentOptions) {
    // Idle tunnels are kept a minute: the service or the proxy may close them sooner, and a read that
    // finds its tunnel closed is sent again on a new one (http-transport.ts).
    super({ keepAlive: tunnel.keepAlive, timeout: 60_000, scheduling: 'lifo' });
  }

  async connect(req: ClientRequest, opts: AgentConnectOpts): Promise<Duplex> {
    const host = String(opts.host ?? 'localhost').replace(/^\[|\]$/g, '');
    const port = Number(opts.port);
    const abort = new AbortController();
    const stop = () => abort.abort(new Error('The request was cancelled.'));
    req.once('close', stop);
    let result: Awaited<ReturnType<typeof openTunnel>>;
    try {
      result = await openTunnel(this.tunnel.route, host, port, {
        signIn: this.tunnel.signIn,
        signal: abort.signal,
        learned,
        ...(this.tunnel.proxySecureContext ? { proxySecureContext: this.tunnel.proxySecureContext } : {}),
      });
    } finally {
      req.off('close', stop);
    }
    if ('refused' in result) {
      const { statusCode, signIn } = result.refused;
      req.emit('proxyConnect', { statusCode, ...(signIn ? { signIn } : {}) } satisfies ProxyConnectEvent);
      const fake = new net.Socket({ writable: false });
      fake.readable = true;
      const bytes = replay(result.refused);
      req.once('socket', (s: net.Socket) => {
        s.push(bytes);
        s.push(null);
      });
      return fake;
    }
    req.emit('proxyConnect', { statusCode: 200 } satisfies ProxyConnectEvent);
    if (!opts.secureEndpoint) return result.socket;
    const servername = opts.servername ?? (net.isIP(host) ? undefined : host);
    const sessionKey = `${host}:${port}:${servername ?? ''}`;
    const { host: _h, port: _p, path: _path, ...rest } = opts as AgentConnectOpts & { path?: string };
    void _h;
    void _p;
    void _path;
    const session = this.sessions.get(sessionKey);
    const secured = tls.connect({
      ...rest,
      socket: result.socket,
      ...(servername ? { servername } : {}),
      ...(session ? { session } : {}),
    });
    secured.on('session', (s: Buffer) => this.sessions.set(sessionKey, s));
    return secured;
  }
}
