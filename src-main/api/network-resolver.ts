// An environment's network as the client asks it, per request: the route its proxy setting gives for the
// URL and the extra CAs it trusts. Never throws: a system resolver that fails is logged and the request
// goes direct (as Chromium does when a PAC script fails), a proxy password the keychain cannot give is
// left out (the proxy then asks for it, and the operator is told the keychain is why).
import { SYSTEM_PROXY, type ProxySetting } from '../../src-shared/ipc/channels/network';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import {
  DIRECT,
  environmentProxyResolver,
  routeFor,
  type Network,
  type ProxyCredentials,
  type ProxyRoute,
  type ResolveProxy,
} from './network-route';
import type { SignInOutcome } from './proxy-sign-in';

export interface NetworkResolverOptions {
  /** The environment's proxy setting, read for every request (a change applies to the next one). */
  proxy: () => ProxySetting;
  /** The operating system's answer for "system" (default: HTTPS_PROXY/HTTP_PROXY/NO_PROXY). */
  resolveSystem?: ResolveProxy | undefined;
  /** The manual proxy's password, from the keychain. */
  proxyPassword?: (() => Promise<string | null>) | undefined;
  /** The user name and password kept for a proxy the system chose ("host:port"), from the keychain. */
  savedSignIn?: ((proxy: string) => Promise<ProxyCredentials | null>) | undefined;
  /** A proxy the system chose refused the way for want of a user name and password: the operator is asked. */
  onSignInWanted?: ((route: ProxyRoute, outcome: SignInOutcome) => void) | undefined;
  /** The environment's extra CA certificates (PEM). */
  extraCa?: (() => readonly string[]) | undefined;
  logger?: Logger | undefined;
}

/** An environment's network, asked per request; told when a proxy the system chose wants a sign-in. */
export interface NetworkResolver {
  (url: string): Promise<Network>;
  signInWanted?: ((route: ProxyRoute, outcome: SignInOutcome) => void) | undefined;
}

export function networkResolver(options: NetworkResolverOptions): NetworkResolver {
  const resolveSystem = options.resolveSystem ?? environmentProxyResolver;
  const { logger } = options;
  const resolve: NetworkResolver = async (url) => {
    const extraCa = options.extraCa?.() ?? [];
    let unreadable = false;
    const guarded =
      <A extends unknown[], T>(read: ((...args: A) => Promise<T | null>) | undefined) =>
      async (...args: A): Promise<T | null> => {
        try {
          return (await read?.(...args)) ?? null;
        } catch (error) {
          logger?.warn({ err: errorMessage(error) }, 'reading the proxy password failed');
          unreadable = true;
          return null;
        }
      };
    const password = options.proxyPassword ? guarded(options.proxyPassword) : undefined;
    const savedSignIn = options.savedSignIn ? guarded(options.savedSignIn) : undefined;
    try {
      const route = await routeFor(url, {
        setting: options.proxy(),
        resolveSystem,
        ...(password ? { password } : {}),
        ...(savedSignIn ? { savedSignIn } : {}),
      });
      // The proxy will ask for the sign-in: the message must say the keychain is why it was not sent.
      if (unreadable && route.kind === 'proxy') route.passwordUnreadable = true;
      return { route, extraCa };
    } catch (error) {
      logger?.warn({ err: errorMessage(error) }, 'finding the proxy failed; going direct');
      return { route: DIRECT, extraCa };
    }
  };
  resolve.signInWanted = options.onSignInWanted;
  return resolve;
}

/** The network of a client given none: the proxy the process environment names, the base trust. */
export const environmentNetwork = (): NetworkResolver => networkResolver({ proxy: () => SYSTEM_PROXY });
