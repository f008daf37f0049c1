// Negotiate (SPNEGO) tokens for a proxy from the operator's own Kerberos sign-in, through the `kerberos`
// package: GSSAPI (MIT or Heimdal) on Linux and macOS, SSPI on Windows, where the Windows sign-in is the
// ticket and SSPI's Negotiate falls back to NTLM inside SPNEGO as Windows decides. No password is asked
// or kept: the ticket is the operator's, from Windows sign-in or `kinit`. Loaded on first use, so a
// machine without Kerberos libraries runs Card Desk as before and only a Negotiate proxy says why.
import { createRequire } from 'node:module';
import { errorMessage } from '../errors/error-message';

/** Why no token could be made, in words a message turns into advice. */
export type NegotiateProblem =
  /** The operator has no ticket (not signed in to a domain, no `kinit`, or it expired). */
  | 'no_ticket'
  /** The realm does not know the proxy's service principal (the proxy is known by another name). */
  | 'unknown_principal'
  /** The Kerberos support itself could not be loaded. */
  | 'unavailable'
  | 'failed';

export class NegotiateError extends Error {
  override name = 'NegotiateError';
  constructor(
    readonly problem: NegotiateProblem,
    message: string,
  ) {
    super(message);
  }
}

/** One Negotiate exchange with one proxy: each step answers the proxy's token (empty at first). */
export interface NegotiateContext {
  step(token: string): Promise<string>;
}

interface KerberosModule {
  GSS_MECH_OID_SPNEGO: number;
  GSS_MECH_OID_KRB5: number;
  initializeClient(service: string, options: { mechOID: number }): Promise<NegotiateContext>;
}

let loaded: KerberosModule | Error | null = null;

function kerberosModule(): KerberosModule {
  if (!loaded) {
    try {
      // Not bundled: a native module (N-API), loaded from node_modules beside the app as keytar is.
      loaded = createRequire(import.meta.url)('kerberos') as KerberosModule;
    } catch (error) {
      loaded = error instanceof Error ? error : new Error(String(error));
    }
  }
  if (loaded instanceof Error)
    throw new NegotiateError('unavailable', `Card Desk's Kerberos support could not be loaded: ${loaded.message}`);
  return loaded;
}

/**
 * The service principal of a proxy as the platform names it: `HTTP@host` for GSSAPI, `HTTP/host` for SSPI.
 * `configured` (Settings, or the policy's proxyKerberosServicePrincipal) replaces the proxy's host name,
 * written either way ("HTTP/proxy.corp.example", "HTTP@proxy.corp.example"; a realm after a second "@" is
 * left to the system's mapping).
 */
export function servicePrincipal(proxyHost: string, configured?: string, platform = process.platform): string {
  let service = 'HTTP';
  let host = proxyHost;
  if (configured) {
    const m = /^([^/@]+)[/@]([^@]+)/.exec(configured.trim());
    if (m) [, service = 'HTTP', host = proxyHost] = m;
    else host = configured.trim();
  }
  return platform === 'win32' ? `${service}/${host}` : `${service}@${host}`;
}

/** What a GSSAPI or SSPI failure means for the operator. */
export function problemOf(message: string): NegotiateProblem {
  if (
    /No credentials|credentials cache|No Kerberos credentials|cannot find mechanisms|Ticket expired|SEC_E_NO_CREDENTIALS|No credentials are available/i.test(
      message,
    )
  )
    return 'no_ticket';
  if (/not found in Kerberos database|SEC_E_TARGET_UNKNOWN|target is unknown/i.test(message))
    return 'unknown_principal';
  return 'failed';
}

/**
 * Starts a Negotiate exchange for the service principal `spn`; its first step makes the first token. A proxy
 * speaks SPNEGO (the default); PostgreSQL, as libpq, Kerberos itself (`krb5`).
 */
export async function negotiateContext(
  spn: string,
  mechanism: 'spnego' | 'krb5' = 'spnego',
): Promise<NegotiateContext> {
  const kerberos = kerberosModule();
  try {
    const mechOID = mechanism === 'krb5' ? kerberos.GSS_MECH_OID_KRB5 : kerberos.GSS_MECH_OID_SPNEGO;
    const client = await kerberos.initializeClient(spn, { mechOID });
    return {
      step: async (token) => {
        try {
          return await client.step(token);
        } catch (error) {
          const message = errorMessage(error);
          throw new NegotiateError(problemOf(message), message);
        }
      },
    };
  } catch (error) {
    if (error instanceof NegotiateError) throw error;
    const message = errorMessage(error);
    throw new NegotiateError(problemOf(message), message);
  }
}
