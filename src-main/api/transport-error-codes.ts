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
