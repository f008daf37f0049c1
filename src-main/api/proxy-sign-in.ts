// Answering a proxy's 407 on one connection, as Chrome does: the best scheme it offers that Card Desk can
// answer (Negotiate with the operator's Kerberos ticket, then NTLM, then Basic, each with the user name and
// password kept for that proxy), each scheme tried once; a scheme that cannot be answered (no ticket, no
// password) or that the proxy refused gives way to the next. What was tried and why it failed travels
// back as plain data, so the message can say it. The password goes only into the answer to the proxy it
// was kept for (the route carries it), and no answer is ever logged.
import { errorMessage } from '../errors/error-message';
import type { ProxyRoute } from './network-route';
import { NegotiateError, negotiateContext, servicePrincipal, type NegotiateContext } from './negotiate-kerberos';
import { SIGN_IN_SCHEMES, type Challenge, type SignInScheme, schemesOffered } from './proxy-challenge';

export type SignInProblemReason =
  /** No Kerberos ticket (the operator is not signed in to the domain, or it expired). */
  | 'no_ticket'
  /** The realm does not know the proxy's service principal. */
  | 'unknown_principal'
  /** Card Desk's Kerberos support could not be loaded, or failed. */
  | 'kerberos_failed'
  /** No user name and password are kept for this proxy. */
  | 'no_password'
  /** A password is kept, and the keychain could not give it. */
  | 'password_unreadable'
  /** The proxy answered what was sent with a new 407. */
  | 'refused'
  /** The proxy's NTLM challenge could not be read. */
  | 'ntlm_failed';

export interface SignInProblem {
  scheme: SignInScheme;
  reason: SignInProblemReason;
  /** The system's words (a GSSAPI message), for the log and the message's end. */
  detail?: string;
}

/** What a proxy asked for and what came of it: plain data, carried with a refused answer. */
export interface SignInOutcome {
  /** The schemes the proxy offered that Card Desk answers, best first. */
  offered: SignInScheme[];
  problems: SignInProblem[];
  /** Basic's realm, when the proxy named one. */
  realm?: string;
  /** The service principal a Kerberos ticket was asked for. */
  servicePrincipal?: string;
}

export interface SignInAnswer {
  /** The Proxy-Authorization to send next; null when nothing more can be sent. */
  header: string | null;
  scheme: SignInScheme | null;
  outcome: SignInOutcome;
}

/** One connection's sign-in with one proxy. */
export interface SignInSession {
  /** The Proxy-Authorization to send with the first CONNECT, before any 407 (Basic, once the proxy asked for it). */
  first(learned: SignInScheme | null): Promise<SignInAnswer>;
  /** The answer to the proxy's 407 and its challenges. */
  next(challenges: Challenge[]): Promise<SignInAnswer>;
  /** The handshake is over (the tunnel is open, or refused): its state is let go. */
  end(): void;
}

/** Starts the sign-in of one connection through `route`'s proxy. */
export type ProxySignIn = (route: ProxyRoute) => SignInSession;

const basic = (route: ProxyRoute) =>
  `Basic ${Buffer.from(`${route.username ?? ''}:${route.password ?? ''}`, 'utf8').toString('base64')}`;

/** The sign-in of this thread: Kerberos through the `kerberos` package, NTLM and Basic from the route's user. */
export const localProxySignIn: ProxySignIn = (route) => {
  const tried = new Set<SignInScheme>();
  const problems: SignInProblem[] = [];
  const spn = servicePrincipal(route.host, route.servicePrincipal);
  let offered: SignInScheme[] = [];
  let realm: string | undefined;
  let current: SignInScheme | null = null;
  let negotiate: NegotiateContext | null = null;

  const outcome = (): SignInOutcome => ({
    offered,
    problems: [...problems],
    ...(realm === undefined ? {} : { realm }),
    ...(offered.includes('negotiate') ? { servicePrincipal: spn } : {}),
  });
  const answer = (header: string | null, scheme: SignInScheme | null): SignInAnswer => ({
    header,
    scheme,
    outcome: outcome(),
  });
  const hasPassword = (scheme: SignInScheme): boolean => {
    if (route.username !== undefined && route.password !== undefined) return true;
    problems.push({ scheme, reason: route.passwordUnreadable ? 'password_unreadable' : 'no_password' });
    return false;
  };

  async function start(scheme: SignInScheme): Promise<string | null> {
    tried.add(scheme);
    if (scheme === 'negotiate') {
      try {
        negotiate = await negotiateContext(spn);
        return `Negotiate ${await negotiate.step('')}`;
      } catch (error) {
        const problem = error instanceof NegotiateError ? error.problem : 'failed';
        const reason = problem === 'no_ticket' || problem === 'unknown_principal' ? problem : 'kerberos_failed';
        problems.push({ scheme, reason, detail: errorMessage(error) });
        return null;
      }
    }
    if (!hasPassword(scheme)) return null;
    if (scheme === 'basic') return basic(route);
    const ntlm = await import('./ntlm');
    return `NTLM ${ntlm.negotiateMessage()}`;
  }

  /** The next leg of the scheme under way, when the proxy sent its token; null when it refused the last one. */
  async function proceed(challenge: Challenge | undefined): Promise<string | null> {
    const scheme = current!;
    if (!challenge?.token || scheme === 'basic') {
      problems.push({ scheme, reason: 'refused' });
      return null;
    }
    try {
      if (scheme === 'negotiate') return `Negotiate ${await negotiate!.step(challenge.token)}`;
      const ntlm = await import('./ntlm');
      const { user, domain } = ntlm.ntlmUser(route.username ?? '');
      const authenticate = ntlm.authenticateMessage(ntlm.parseChallenge(challenge.token), {
        user,
        domain,
        password: route.password ?? '',
      });
      return `NTLM ${authenticate}`;
    } catch (error) {
      const detail = errorMessage(error);
      problems.push({ scheme, reason: scheme === 'ntlm' ? 'ntlm_failed' : 'kerberos_failed', detail });
      return null;
    }
  }

  return {
    async first(learned) {
      if (learned !== 'basic' || route.username === undefined || route.password === undefined)
        return answer(null, null);
      tried.add('basic');
      current = 'basic';
      return answer(basic(route), 'basic');
    },
    async next(challenges) {
      const now = schemesOffered(challenges);
      offered = SIGN_IN_SCHEMES.filter((s) => offered.includes(s) || now.includes(s));
      realm ??= challenges.find((c) => c.scheme === 'basic')?.realm;
      if (current) {
        const header = await proceed(challenges.find((c) => c.scheme === current));
        if (header) return answer(header, current);
        current = null;
      }
      for (const scheme of offered) {
        if (tried.has(scheme)) continue;
        const header = await start(scheme);
        if (header) {
          current = scheme;
          return answer(header, scheme);
        }
      }
      return answer(null, null);
    },
    end() {
      negotiate = null;
    },
  };
};
