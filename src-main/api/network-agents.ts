// The connection agents behind the transport, one per way a request goes: direct, or through a proxy with
// https-proxy-agent (HTTPS in an HTTP CONNECT tunnel) and http-proxy-agent (HTTP in absolute form). Reads
// reuse kept-alive connections of their own way; a write always gets a connection of its own. HTTPS always
// verifies the server against the trust store (trust-store.ts), through a proxy exactly as without one.
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import type { Agent, ClientRequest } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import * as net from 'node:net';
import * as tls from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import type { Network, ProxyRoute } from './network-route';
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
 * proxy every request opens a tunnel of its own (no kept-alive tunnel), so the proxy's log, which IT reads
 * to see what an app sends, shows each request Card Desk makes, and a proxy that re-checks its sign-in or
 * policy per connection sees every one.
 */
export function wayFor(target: URL, network: Network, write: boolean): RequestWay {
  const secure = target.protocol === 'https:';
  const secureContext = secure ? secureContextFor(network.extraCa) : undefined;
  const { route } = network;
  let agent: Agent | false | undefined;
  if (route.kind === 'direct') {
    if (write) agent = false;
    else if (secure) agent = kept(keyOf(['direct', network.extraCa.join('\n')]), () => new HttpsAgent(KEEP_ALIVE));
    else agent = undefined; // Node's global http agent
  } else {
    const url = proxyUrl(route);
    // A proxy reached over TLS is checked against the same trust as the service.
    const toProxy = route.secure ? { secureContext: secureContextFor(network.extraCa) } : {};
    agent = secure ? new HttpsProxyAgent(url, toProxy) : new HttpProxyAgent(url, toProxy);
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const read = async (): Promise<PresentedCertificate | null> => {
    let socket: net.Socket;
    if (network.route.kind === 'direct') socket = tls.connect(options);
    else {
      const tunnel = new HttpsProxyAgent(proxyUrl(network.route));
      const request = new EventEmitter() as unknown as ClientRequest;
      socket = await tunnel.connect(request, { ...options, secureEndpoint: true });
    }
    opened.push(socket);
    if (!(socket instanceof tls.TLSSocket)) return null; // the proxy refused the tunnel
    const secured = socket;
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
    // A connection that opens after the time is up is closed too, as soon as it does.
    void reading.catch(() => null).finally(() => opened.forEach((s) => s.destroy()));
    opened.forEach((s) => s.destroy());
  }
}
