// A proxy's 407 names the sign-ins it accepts in Proxy-Authenticate (RFC 9110 §11.6.1): one or more
// challenges per header line, each a scheme with a token (Negotiate's and NTLM's next message) or
// parameters (Basic's realm). Read here into what Card Desk can answer, best first as Chrome ranks them.

/** The sign-ins Card Desk answers, best first: the operator's Kerberos ticket, NTLM, then Basic. */
export const SIGN_IN_SCHEMES = ['negotiate', 'ntlm', 'basic'] as const;
export type SignInScheme = (typeof SIGN_IN_SCHEMES)[number];

export interface Challenge {
  /** The scheme in lower case ("negotiate", "ntlm", "basic", "digest"...). */
  scheme: string;
  /** The base64 token after the scheme (Negotiate's or NTLM's next message), when there is one. */
  token?: string;
  /** The realm parameter (Basic), when there is one. */
  realm?: string;
}

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Splits one header value at the commas that are outside quoted strings. */
function splitOutsideQuotes(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"' && value[i - 1] !== '\\') quoted = !quoted;
    if (c === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** The challenges of every Proxy-Authenticate line of an answer, in the order the proxy sent them. */
export function challengesOf(lines: readonly string[]): Challenge[] {
  const challenges: Challenge[] = [];
  for (const line of lines) {
    for (const part of splitOutsideQuotes(line)) {
      const m = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)(?:\s+(.*))?$/.exec(part);
      // A part with "=" before any space is a parameter of the challenge before it (Basic's realm, Digest's nonce).
      const isParameter = !m || /^[^\s=]+\s*=/.test(part);
      if (isParameter) {
        const last = challenges.at(-1);
        const realm = /^realm\s*=\s*"?((?:[^"\\]|\\.)*)"?$/i.exec(part);
        if (last && realm) last.realm = realm[1]!.replace(/\\(.)/g, '$1');
        continue;
      }
      const challenge: Challenge = { scheme: m[1]!.toLowerCase() };
      const rest = m[2]?.trim();
      if (rest) {
        const realm = /^realm\s*=\s*"?((?:[^"\\]|\\.)*)"?$/i.exec(rest);
        if (realm) challenge.realm = realm[1]!.replace(/\\(.)/g, '$1');
        else if (TOKEN68.test(rest)) challenge.token = rest;
      }
      challenges.push(challenge);
    }
  }
  return challenges;
}

/** The schemes of `challenges` that Card Desk answers, best first. */
export function schemesOffered(challenges: readonly Challenge[]): SignInScheme[] {
  return SIGN_IN_SCHEMES.filter((scheme) => challenges.some((c) => c.scheme === scheme));
}

/** How a message names a scheme. */
export const SCHEME_NAMES: Record<SignInScheme, string> = {
  negotiate: 'Negotiate (Kerberos)',
  ntlm: 'NTLM',
  basic: 'Basic',
};
