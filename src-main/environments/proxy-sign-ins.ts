// Sign-ins for proxies the system chose (PAC, WPAD, OS settings, *_PROXY outside Electron): when such a
// proxy answers 407 for a user name and password (NTLM or Basic) Card Desk does not have, the operator is
// asked once (the proxy's name and scheme, an event the renderer opens a window for), and the answer is
// kept in the system keychain for that proxy ("proxy-sign-in <host:port>"), whatever environment went
// through it, and used for every call through it. Negotiate needs nothing kept: it is the operator's
// ticket. The password is never in settings.json, a log or the renderer's state after the answer.
import type { ProxySignInAsk } from '../../src-shared/ipc/channels/network';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import type { ProxyCredentials, ProxyRoute } from '../api/network-route';
import { proxyName } from '../api/network-route';
import type { SignInOutcome } from '../api/proxy-sign-in';
import { KeychainUnavailableError } from '../keychain/keychain-error';
import type { SecretStore } from '../keychain/secret-store';

/** The keychain account of the user name and password kept for a proxy ("host:port"). */
export const proxySignInAccount = (proxy: string): string => `proxy-sign-in ${proxy}`;

export interface ProxySignInsOptions {
  secretStore: SecretStore;
  logger: Logger;
  /** A new ask, for the renderer (event network.proxySignInAsked). */
  onAsked?: ((ask: ProxySignInAsk) => void) | undefined;
}

export interface ProxySignIns {
  /** The user name and password kept for `proxy`, or null; throws KeychainUnavailableError. */
  readonly saved: (proxy: string) => Promise<ProxyCredentials | null>;
  /** A proxy the system chose refused the way for want of a user name and password. */
  readonly wanted: (route: ProxyRoute, outcome: SignInOutcome) => void;
  readonly pending: () => ProxySignInAsk[];
  readonly answer: (proxy: string, answer: ProxyCredentials | null) => Promise<Result<ProxySignInAsk[]>>;
}

export function createProxySignIns(options: ProxySignInsOptions): ProxySignIns {
  const { secretStore, logger } = options;
  /** What the keychain holds per proxy, read once (every request through a system proxy asks). */
  const known = new Map<string, ProxyCredentials | null>();
  const asks = new Map<string, ProxySignInAsk>();

  async function saved(proxy: string): Promise<ProxyCredentials | null> {
    if (known.has(proxy)) return known.get(proxy)!;
    const text = await secretStore.get(proxySignInAccount(proxy));
    let credentials: ProxyCredentials | null = null;
    if (text) {
      try {
        const parsed = JSON.parse(text) as Partial<ProxyCredentials>;
        if (typeof parsed.username === 'string' && typeof parsed.password === 'string')
          credentials = { username: parsed.username, password: parsed.password };
      } catch {
        logger.warn({ proxy }, 'the sign-in kept for a proxy is unreadable; asking again');
      }
    }
    known.set(proxy, credentials);
    return credentials;
  }

  function wanted(route: ProxyRoute, outcome: SignInOutcome): void {
    const proxy = proxyName(route);
    if (asks.has(proxy)) return; // asked already: the window is open
    // A call that left before the operator answered: the answer now kept is for the next one, not asked again.
    const kept = known.get(proxy);
    if (kept && (kept.username !== route.username || kept.password !== route.password)) return;
    const scheme = outcome.offered.includes('ntlm') ? 'ntlm' : 'basic';
    const refused = outcome.problems.some((p) => p.scheme !== 'negotiate' && p.reason === 'refused');
    const ask: ProxySignInAsk = { proxy, scheme, realm: outcome.realm ?? null, refused };
    asks.set(proxy, ask);
    logger.info({ proxy, scheme, refused }, 'a proxy chosen by the system asks for a sign-in');
    options.onAsked?.(ask);
  }

  async function answer(proxy: string, credentials: ProxyCredentials | null): Promise<Result<ProxySignInAsk[]>> {
    if (!asks.has(proxy)) return err('validation', `No sign-in was asked for the proxy ${proxy}.`, { field: 'proxy' });
    if (credentials) {
      try {
        await secretStore.set(proxySignInAccount(proxy), JSON.stringify(credentials));
      } catch (error) {
        if (error instanceof KeychainUnavailableError) return error.toErr();
        throw error;
      }
      known.set(proxy, credentials);
      logger.info({ proxy }, 'proxy sign-in kept in the keychain');
    }
    asks.delete(proxy);
    return ok([...asks.values()]);
  }

  return { saved, wanted, pending: () => [...asks.values()], answer };
}
