// What an operator is told when the way to the service fails: the proxy (no answer, a sign-in it wants) or
// the service's certificate (not trusted, expired, for another name). Each message names the proxy or the
// presented certificate's issuer and SHA-256 fingerprint and says what to ask IT for, in words an operator
// can pass on.
import type { AppError } from '../../src-shared/ipc/result';
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
