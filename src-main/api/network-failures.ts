// What an operator is told when the way to the service fails: the proxy (no answer, a sign-in it wants) or
// the service's certificate (not trusted, expired, for another name). Each message names the proxy or the
// presented certificate's issuer and SHA-256 fingerprint and says what to ask IT for, in words an operator
// can pass on.
import type { AppError } from '../../src-shared/ipc/result';
import { PROXY_CLOSED } from './proxy-tunnel';
import { SCHEME_NAMES, type SignInScheme } from './proxy-challenge';
import type { SignInOutcome, SignInProblem } from './proxy-sign-in';
import type { PresentedCertificate } from './trust-store';

export interface NetworkContext {
  /** The service's host (and port). */
  host: string;
  /** The proxy the request went through ("proxy.corp:8080"), when it went through one. */
  proxy?: string | undefined;
}

/** Where a certificate came from, for the message: a TLS-inspecting proxy presents its own. */
const through = (ctx: NetworkContext) => (ctx.proxy ? ` (reached through the proxy ${ctx.proxy})` : '');

/** The certificate as the message names it. */
function named(presented: PresentedCertificate | null): string {
  if (!presented) return 'a certificate';
  return `a certificate for "${presented.subject}" issued by "${presented.issuer}" (SHA-256 fingerprint ${presented.fingerprint256})`;
}

/** The presented certificate, carried on the error (or its causes) by the transport. */
export function presentedIn(error: unknown): PresentedCertificate | null {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const p = (e as { presented?: unknown }).presented;
    if (p && typeof p === 'object' && 'fingerprint256' in p) return p as PresentedCertificate;
  }
  return null;
}

/** A TLS failure with `code`: the service's certificate did not pass the check. Nothing was sent. */
export function errorForCertificate(
  code: string | undefined,
  presented: PresentedCertificate | null,
  ctx: NetworkContext,
): AppError {
  const at = `The card service at ${ctx.host}${through(ctx)}`;
  const cert = named(presented);
  const issuer = presented ? `"${presented.issuer}"` : 'the certificate authority that issued it';
  switch (code) {
    case 'CERT_HAS_EXPIRED':
      return {
        kind: 'network',
        message: `${at} presented ${cert} that expired${presented?.validTo ? ` on ${presented.validTo.slice(0, 10)}` : ''}. Nothing was sent. Ask the service's operator to renew it (or your IT team, if your organisation's proxy inspects secure connections).`,
      };
    case 'CERT_NOT_YET_VALID':
      return {
        kind: 'network',
        message: `${at} presented ${cert} that is not valid yet. Nothing was sent. Check this computer's date and time.`,
      };
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return {
        kind: 'network',
        message: `${at} presented ${cert}${presented?.altNames ? `, made out to ${presented.altNames.replaceAll('DNS:', '')}` : ''}, not to ${ctx.host.replace(/:\d+$/, '')}. Nothing was sent. Check the environment's address, or ask your IT team about the certificate.`,
      };
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return {
        kind: 'network',
        message: `${at} presented ${cert}, and Card Desk does not trust ${issuer}. Nothing was sent. If your organisation inspects secure connections, ask your IT team for the root certificate (CA) of ${issuer} as a PEM file: install it in the system's certificate store, or add it to this environment in Settings.`,
      };
    default:
      return {
        kind: 'network',
        message: `${at} presented ${cert} that Card Desk could not verify${code ? ` (${code})` : ''}. Nothing was sent. Ask your IT team about the certificate.`,
      };
  }
}

/** The proxy could not be reached (refused, not found, unreachable). Nothing reached the service. */
export function errorForProxyUnreachable(code: string | undefined, ctx: NetworkContext & { proxy: string }): AppError {
  const proxyHost = ctx.proxy.replace(/:\d+$/, '');
  const why =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? `The address of the proxy ${ctx.proxy} could not be found (${proxyHost} is not a known host name)`
      : code === PROXY_CLOSED
        ? `The proxy ${ctx.proxy} closed the connection before it opened the way`
        : `The proxy ${ctx.proxy} did not answer${code === 'ECONNREFUSED' ? ' (the connection was refused)' : ''}`;
  return {
    kind: 'proxy_unreachable',
    message: `${why}, so Card Desk could not reach the card service at ${ctx.host}. Nothing was sent. Check the proxy in Settings, or tell your IT team that the proxy ${ctx.proxy} did not answer.`,
  };
}

/** The proxy answered 407: it wants a sign-in Card Desk does not have, or refused the one it sent. */
export function errorForProxyAuth(
  ctx: NetworkContext & { proxy: string },
  signedIn: boolean,
  passwordUnreadable = false,
): AppError {
  if (passwordUnreadable)
    return {
      kind: 'proxy_auth',
      status: 407,
      message: `The proxy ${ctx.proxy} asks for a sign-in, and Card Desk could not read the proxy's password from the system keychain. Nothing was sent to ${ctx.host}. Start or unlock your keyring (GNOME Keyring, KWallet), then try again.`,
    };
  return {
    kind: 'proxy_auth',
    status: 407,
    message: signedIn
      ? `The proxy ${ctx.proxy} refused the user name and password Card Desk sent. Nothing was sent to ${ctx.host}. Enter the proxy's user name and password again in Settings (Network, for this environment).`
      : `The proxy ${ctx.proxy} asks for a sign-in. Nothing was sent to ${ctx.host}. Enter the proxy's user name and password in Settings (Network, for this environment), or ask your IT team which to use.`,
  };
}

/**
 * The proxy answered in the service's place, refusing to open the way (its sign-in aside): its policy does
 * not allow the host (403), or it could not reach it (502, 503, 504). Nothing reached the service.
 */
export function errorForProxyRefusal(status: number, ctx: NetworkContext & { proxy: string }): AppError {
  const host = ctx.host.replace(/:\d+$/, '');
  if (status === 403)
    return {
      kind: 'network',
      status,
      message: `The proxy ${ctx.proxy} does not allow connections to ${ctx.host} (HTTP 403). Nothing was sent. Ask your IT team to allow ${host} on the proxy.`,
    };
  return {
    kind: 'network',
    status,
    message: `The proxy ${ctx.proxy} could not reach the card service at ${ctx.host} (HTTP ${status}). Nothing was sent. Check the environment's address, or ask your IT team whether the proxy can reach ${host}.`,
  };
}

/** What the proxy's 407 came to, as the transport reports it (proxy-sign-in.ts). */
export interface ProxySignInContext {
  /** Who chose the proxy: the operator (Settings) or the system (PAC, WPAD, OS settings). */
  source: 'manual' | 'system';
  outcome: SignInOutcome;
}

const SETTINGS = 'Settings (Network, for this environment)';

/** The Kerberos part of a 407's story, when the proxy offered Negotiate and it did not go through. */
function kerberosWords(problem: SignInProblem | undefined, spn: string | undefined): string | null {
  const principal = spn ? spn.replace('@', '/') : 'the proxy';
  switch (problem?.reason) {
    case 'no_ticket':
      return 'this computer has no Kerberos ticket for it. Sign in to Windows with your domain account (on macOS or Linux, sign in to the domain or run kinit), then try again';
    case 'unknown_principal':
      return `your domain does not know the proxy as ${principal}. Ask your IT team for the proxy's Kerberos service principal and enter it in ${SETTINGS}`;
    case 'refused':
      return 'it refused the Windows (Kerberos) sign-in Card Desk sent. Ask your IT team whether your account may use the proxy';
    case 'kerberos_failed':
      return `Card Desk could not get a Kerberos ticket for ${principal}${problem.detail ? ` (${problem.detail})` : ''}`;
    default:
      return null;
  }
}

/**
 * The proxy answered 407 and Card Desk could not sign in with anything it offered: says which sign-in it
 * wants and what to do, for a proxy the system chose (the operator is asked for a user name and password
 * there) or one set in Settings.
 */
export function errorForProxySignIn(ctx: NetworkContext & { proxy: string }, signIn: ProxySignInContext): AppError {
  const { outcome, source } = signIn;
  const nothing = `Nothing was sent to ${ctx.host}.`;
  const problem = (scheme: SignInScheme) => outcome.problems.find((p) => p.scheme === scheme);
  const withPassword = outcome.offered.filter((s): s is 'ntlm' | 'basic' => s !== 'negotiate');
  const fail = (message: string): AppError => ({ kind: 'proxy_auth', status: 407, message });
  if (withPassword.some((s) => problem(s)?.reason === 'password_unreadable'))
    return errorForProxyAuth(ctx, false, true);
  const passwordScheme = withPassword.map((s) => SCHEME_NAMES[s]).join(' or ');
  const refusedPassword = withPassword.some((s) => problem(s)?.reason === 'refused');
  const askedBySystem = source === 'system' && withPassword.length > 0;
  const enter = askedBySystem
    ? `Card Desk asks you for the user name and password of the proxy ${ctx.proxy} (${passwordScheme}) in a window, and keeps them in the system keychain for this proxy.`
    : `Enter the proxy's user name and password in ${SETTINGS}, or ask your IT team which to use.`;
  if (outcome.offered.includes('negotiate')) {
    const words = kerberosWords(problem('negotiate'), outcome.servicePrincipal);
    if (words) {
      const orPassword = withPassword.length > 0 ? ` It also accepts a user name and password: ${enter}` : '';
      return fail(
        `The proxy ${ctx.proxy} wants your Windows sign-in (Negotiate, Kerberos), and ${words}. ${nothing}${orPassword}`,
      );
    }
  }
  if (refusedPassword)
    return fail(
      `The proxy ${ctx.proxy} refused the user name and password Card Desk sent (${passwordScheme}). ${nothing} ${askedBySystem ? enter : `Enter the proxy's user name and password again in ${SETTINGS}.`}`,
    );
  if (withPassword.length > 0)
    return fail(`The proxy ${ctx.proxy} asks for a sign-in (${passwordScheme}). ${nothing} ${enter}`);
  return fail(
    `The proxy ${ctx.proxy} asks for a sign-in Card Desk cannot give${outcome.offered.length === 0 ? ' (it offers none of Negotiate, NTLM or Basic)' : ''}. ${nothing} Ask your IT team which sign-in the proxy expects.`,
  );
}
