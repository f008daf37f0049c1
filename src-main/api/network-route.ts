// Which way one request goes: direct, or through which proxy. Decided per request, from the
// environment's proxy setting: "system" asks the operating system (in the app Chromium's resolver, which
// knows system settings, PAC and WPAD; elsewhere HTTPS_PROXY/HTTP_PROXY/NO_PROXY), "none" is direct,
// "manual" is the proxy entered. Loopback addresses (the local sandbox, tests' servers) always go direct.
import { getProxyForUrl } from 'proxy-from-env';
import type { ProxySetting } from '../../src-shared/ipc/channels/network';
import { isLoopbackHost } from '../../src-shared/ipc/channels/settings';
import type { ResolveProxy } from '../ports/ports';

/** A proxy one request goes through, with its sign-in when it has one. */
export interface ProxyRoute {
  kind: 'proxy';
  host: string;
  port: number;
  /** The proxy itself is reached over TLS (a PAC `HTTPS` entry, an `https://` proxy URL). */
  secure?: boolean;
  /** Who chose the proxy: the operator's manual setting, or the system (PAC, WPAD, OS settings, *_PROXY). */
  source?: 'manual' | 'system';
  /** The Kerberos service principal to ask a ticket for, where it is not HTTP/<proxy host>. */
  servicePrincipal?: string;
  /** The user name and password for NTLM or Basic (a manual proxy's, or those kept for a system proxy). */
  username?: string;
  password?: string;
  /** The password is saved but the keychain could not give it. */
  passwordUnreadable?: boolean;
}
export type Route = { kind: 'direct' } | ProxyRoute;
export const DIRECT: Route = { kind: 'direct' };

/** How requests of one environment reach its service: asked for every request. */
export interface Network {
  route: Route;
  /** PEM text of the environment's extra CA certificates (trusted besides Node's and the system's). */
  extraCa: readonly string[];
}

export type { ResolveProxy };

/** "proxy.corp:8080", as messages name a proxy. */
export const proxyName = (route: ProxyRoute): string =>
  `${route.host.includes(':') ? `[${route.host}]` : route.host}:${route.port}`;

/**
 * The first entry of a PAC answer Card Desk can use: `PROXY`/`HTTP`/`HTTPS host:port` or `DIRECT`.
 * SOCKS entries are passed over (a later entry is used); an answer with nothing usable is direct.
 */
export function routeFromPac(answer: string): Route {
  for (const entry of answer.split(';')) {
    const [type = '', where = ''] = entry.trim().split(/\s+/);
    const kind = type.toUpperCase();
    if (kind === 'DIRECT') return DIRECT;
    if (kind !== 'PROXY' && kind !== 'HTTP' && kind !== 'HTTPS') continue;
    const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(where);
    if (m) return { kind: 'proxy', host: m[1]!, port: Number(m[2]), ...(kind === 'HTTPS' ? { secure: true } : {}) };
  }
  return DIRECT;
}

/**
 * HTTPS_PROXY/HTTP_PROXY/ALL_PROXY and NO_PROXY (either case, lower case first) as a PAC answer: how the
 * proxy is found outside Electron (the harness, tests, the sandbox CLI).
 */
export const environmentProxyResolver: ResolveProxy = async (url) => {
  const proxy = getProxyForUrl(url);
  if (!proxy) return 'DIRECT';
  try {
    const u = new URL(proxy);
    const port = u.port || (u.protocol === 'https:' ? '443' : '80');
    return `${u.protocol === 'https:' ? 'HTTPS' : 'PROXY'} ${u.hostname}:${port}`;
  } catch {
    return 'DIRECT';
  }
};

/** A user name and password kept for a proxy the system chose. */
export interface ProxyCredentials {
  username: string;
  password: string;
}

export interface RouteOptions {
  setting: ProxySetting;
  resolveSystem: ResolveProxy;
  /** The manual proxy's password (from the keychain), read only when the setting names a user. */
  password?: () => Promise<string | null>;
  /** The user name and password kept for a proxy the system chose ("host:port"), if any. */
  savedSignIn?: (proxy: string) => Promise<ProxyCredentials | null>;
}

/** The route for one request to `url`. */
export async function routeFor(url: string, options: RouteOptions): Promise<Route> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return DIRECT;
  }
  if (isLoopbackHost(hostname)) return DIRECT;
  const { setting } = options;
  if (setting.mode === 'none') return DIRECT;
  const spn = setting.servicePrincipal ? { servicePrincipal: setting.servicePrincipal } : {};
  if (setting.mode === 'manual') {
    const route: ProxyRoute = { kind: 'proxy', host: setting.host, port: setting.port, source: 'manual', ...spn };
    if (setting.username) {
      route.username = setting.username;
      const password = await options.password?.();
      if (password) route.password = password;
    }
    return route;
  }
  const route = routeFromPac(await options.resolveSystem(url));
  if (route.kind === 'direct') return route;
  const saved = await options.savedSignIn?.(proxyName(route));
  return {
    ...route,
    source: 'system',
    ...spn,
    ...(saved ? { username: saved.username, password: saved.password } : {}),
  };
}
