// The connection agents behind the transport, one per way a request goes: direct, or through a proxy with
// a CONNECT tunnel that signs in as the proxy asks (tunnel-agent.ts) for HTTPS, and http-proxy-agent (HTTP
// in absolute form). Reads reuse kept-alive connections (and tunnels) of their own way; a write always gets
// a connection (a tunnel) of its own. HTTPS always verifies the server against the trust store
// (trust-store.ts), through a proxy exactly as without one.
import { createHash } from 'node:crypto';
import type { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import * as net from 'node:net';
import * as tls from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import type { Network, ProxyRoute } from './network-route';
import type { ProxySignIn } from './proxy-sign-in';
import { openTunnel } from './proxy-tunnel';
import { TunnelAgent } from './tunnel-agent';
import { presentedOf, secureContextFor, type PresentedCertificate } from './trust-store';

/** How one request is sent: its agent (false: a connection of its own) and, for HTTPS, what it trusts. */
export interface RequestWay {
  agent: Agent | false | undefined;
  secureContext?: tls.SecureContext;
}

/** Kept-alive agents, at most this many ways at once (the oldest is closed beyond it). */
const MAX_AGENTS = 16;
const agents = new Map<string, Agent>();

/** The proxy as the agents take it: `http(s)://user:password@host:port`. */
export function proxyUrl(route: ProxyRoute): string {
  const auth =
    route.username !== undefined
      ? `${encodeURIComponent(route.username)}${route.password ? `:${encodeURIComponent(route.password)}` : ''}@`
      : '';
  const host = route.host.includes(':') ? `[${route.host}]` : route.host;
  return `${route.secure ? 'https' : 'http'}://${auth}${host}:${route.port}`;
}

function keyOf(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

function kept(key: string, make: () => Agent): Agent {
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key); // most recently used last
    agents.set(key, agent);
    return agent;
  }
  agent = make();
  agents.set(key, agent);
  if (agents.size > MAX_AGENTS) {
    const [oldestKey, oldest] = agents.entries().next().value!;
    agents.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
}

/** As Node's global agents: keep-alive, idle connections closed after 5 s. */
const KEEP_ALIVE = { keepAlive: true, timeout: 5_000, scheduling: 'lifo' } as const;

/**
 * The way a request to `target` goes over `network`; `write` asks for a connection of its own. Through a
 * proxy, reads share kept-alive tunnels per proxy, sign-in and origin (a sync's pages open at most one
 * tunnel per page in flight); a write opens a tunnel of its own, signed in the same way.
 */
export function wayFor(target: URL, network: Network, write: boolean, signIn: ProxySignIn): RequestWay {
  const secure = target.protocol === 'https:';
  const secureContext = secure ? secureContextFor(network.extraCa) : undefined;
  const { route } = network;
  let agent: Agent | false | undefined;
  if (route.kind === 'direct') {
    if (write) agent = false;
    else if (secure) agent = kept(keyOf(['direct', network.extraCa.join('\n')]), () => new HttpsAgent(KEEP_ALIVE));
    else agent = undefined; // Node's global http agent
  } else if (secure) {
    // A proxy reached over TLS is checked against the same trust as the service.
    const tunnel = {
      route,
      signIn,
      ...(route.secure ? { proxySecureContext: secureContextFor(network.extraCa) } : {}),
    };
    agent = write
      ? new TunnelAgent({ ...tunnel, keepAlive: false })
      : kept(
          keyOf(['tunnel', proxyUrl(route), route.servicePrincipal ?? '', network.extraCa.join('\n')]),
          () => new TunnelAgent({ ...tunnel, keepAlive: true }),
        );
  } else {
    const toProxy = route.secure ? { secureContext: secureContextFor(network.extraCa) } : {};
    agent = new HttpProxyAgent(proxyUrl(route), toProxy);
  }
  return { agent, ...(secureContext ? { secureContext } : {}) };
}

/** Closes every kept-alive connection (the app is closing). */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * The certificate the server at `target` presents, read over a connection that sends nothing: how a
 * failure to verify it can name its issuer and fingerprint (Node no longer has it once the check failed).
 * Null when it cannot be read within `timeoutMs`.
 */
export async function presentedCertificate(
  target: URL,
  network: Network,
  signIn: ProxySignIn,
  timeoutMs = 5_000,
): Promise<PresentedCertificate | null> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port) || 443;
  const options = {
    host,
    port,
    rejectUnauthorized: false,
    ALPNProtocols: ['http/1.1'],
    ...(net.isIP(host) ? {} : { servername: host }),
  };
  const opened: net.Socket[] = [];
  const gaveUp = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const read = async (): Promise<PresentedCertificate | null> => {
    let secured: tls.TLSSocket;
    if (network.route.kind === 'direct') secured = tls.connect(options);
    else {
      const route = network.route;
      const tunnel = await openTunnel(route, host, port, {
        signIn,
        signal: gaveUp.signal,
        learned: new Map(),
        ...(route.secure ? { proxySecureContext: secureContextFor(network.extraCa) } : {}),
      });
      if ('refused' in tunnel) return null;
      // Only the TLS socket is closed after: destroying the tunnel's socket under it can crash the process.
      secured = tls.connect({ ...options, socket: tunnel.socket });
    }
    opened.push(secured);
    await new Promise<void>((resolve, reject) => {
      secured.once('secureConnect', resolve);
      secured.once('error', reject);
    });
    return presentedOf(secured.getPeerCertificate());
  };
  const reading = read();
  try {
    return await Promise.race([reading, late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    gaveUp.abort(new Error('The certificate was not read in time.'));
    // A connection that opens after the time is up is closed too, as soon as it does.
    void reading.catch(() => null).finally(() => opened.forEach((s) => s.destroy()));
    opened.forEach((s) => s.destroy());
  }
}
