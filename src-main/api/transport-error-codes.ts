// The error codes a failed request carries, apart from the rest of the API's failure handling (failures.ts)
// so that the cache worker can read them without loading the API's answer schemas.
/**
 * Every error code in a transport failure: its own, its causes' (fetch's `TypeError: fetch failed` carries
 * the code in its cause) and, for an AggregateError (several addresses tried), each attempt's.
 */
export function transportErrorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown) => {
    if (!e || typeof e !== 'object' || seen.has(e)) return;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    visit((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) inner.forEach(visit);
  };
  visit(error);
  return codes;
}

/** Codes of a TLS failure: the server's certificate (or the handshake) did not pass the check. */
export const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_OSSL)/;

/** A code that says the server's certificate could not be verified (not a handshake or protocol failure). */
export const isCertificateFailure = (code: string): boolean =>
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_TLS_CERT_ALTNAME_INVALID)/.test(code);
